import { ShieldAlert } from "lucide-react";
import type { CrossOriginRefusal } from "~/lib/csrf.ts";

/** "firstName" → "First name": a form field's name as a visitor would read it. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/[_-]+/g, " ")
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A form refused for the address it was sent from (403): what happened, where the site lives,
 * and, when the form was this site's own page under another address, everything typed, so the
 * visitor can copy it into the form at the right address. Stands alone, like the error page.
 */
export function CrossOriginPage({ refusal }: { refusal: CrossOriginRefusal }) {
  const typed = Object.entries(refusal.values);
  const siteHost = new URL(refusal.siteUrl).host;
  return (
    <main id="main" className="flex min-h-[70vh] items-center justify-center bg-ink-50 px-6 py-24">
      <div className="w-full max-w-2xl">
        <ShieldAlert aria-hidden="true" className="size-14 text-ink-700" />
        <p className="mt-6 text-sm font-semibold tracking-widest text-ink-600 uppercase">Error 403</p>
        <h1 className="mt-2 text-4xl font-semibold text-ink-900 sm:text-5xl">Your form was not sent</h1>
        <p className="mt-4 text-lg text-ink-700">{refusal.message}</p>
        {typed.length > 0 ? (
          <section aria-labelledby="typed-heading" className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-ink-100">
            <h2 id="typed-heading" className="text-xl font-semibold text-ink-900">
              What you typed
            </h2>
            <p className="mt-1 text-ink-700">Copy anything you need before you leave this page: it was not kept anywhere.</p>
            <dl className="mt-4 divide-y divide-ink-100">
              {typed.map(([name, value]) => (
                <div key={name} className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
                  <dt className="font-semibold text-ink-900">{fieldLabel(name)}</dt>
                  <dd className="whitespace-pre-wrap text-ink-800 [overflow-wrap:anywhere]">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={refusal.retryUrl ?? refusal.siteUrl} className="rounded-full bg-sun-500 px-6 py-3 font-semibold text-ink-950 hover:bg-sun-400">
            {refusal.retryUrl ? `Open the form at ${siteHost}` : `Go to ${siteHost}`}
          </a>
        </div>
      </div>
    </main>
  );
}
