import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { BrandLogo } from "~/components/layout/brand-logo.tsx";

/** The /admin/login page shell: brand, 'Admin Portal', the subtitle and the current view, in red shades. */
export function LoginCard({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-red-50 px-4 py-12">
      <a
        href="/"
        className="mb-8 rounded-lg focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-red-700"
        aria-label="Thula Relocations home"
      >
        <BrandLogo />
      </a>
      <div className="w-full max-w-md overflow-hidden rounded-2xl border border-red-100 bg-white shadow-xl shadow-red-900/10">
        <div className="border-t-4 border-red-700 px-6 pt-7 pb-2 text-center sm:px-8">
          <ShieldCheck aria-hidden="true" className="mx-auto size-10 text-red-700" />
          <h1 className="mt-3 text-3xl font-semibold text-red-900">Admin Portal</h1>
          <p className="mt-1 text-base text-ink-700">Sign in to access the admin dashboard</p>
        </div>
        <div className="px-6 pt-5 pb-8 sm:px-8">{children}</div>
      </div>
    </main>
  );
}
