import { isRouteErrorResponse, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";

/**
 * A checkout page that cannot be shown (the test checkout's, or our PayFast hop page): a 404
 * says the checkout is closed or unknown, anything else that it could not be shown; both send
 * the visitor back to start again.
 */
export function CheckoutError({ error, notFoundTitle, hint }: { error: unknown; notFoundTitle: string; hint: string }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center bg-ink-50 px-6 py-24">
      <div className="max-w-xl text-center">
        <h1 className="text-3xl font-semibold text-ink-950">{notFound ? notFoundTitle : "The checkout could not be shown"}</h1>
        <p className="mt-4 text-lg text-ink-700">{hint}</p>
        <Link to="/events" className={buttonClasses("dark", "lg", "mt-8")}>
          Browse events
        </Link>
      </div>
    </main>
  );
}
