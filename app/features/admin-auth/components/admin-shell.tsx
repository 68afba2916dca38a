import { clsx } from "clsx";
import type { ReactNode } from "react";
import { UserRound } from "lucide-react";
import { NavLink } from "react-router";
import { BrandLogo } from "~/components/layout/brand-logo.tsx";
import { SkipLink } from "~/components/layout/skip-link.tsx";
import { PROFILE_PATH } from "../rules.ts";
import { SignOutButton } from "./sign-out-button.tsx";

/** The admin tab bar (docs/product.md §3.2, §3.7–§3.9). */
export const adminTabs = [
  { label: "Dashboard", to: "/admin/dashboard" },
  { label: "Users", to: "/admin/users" },
  { label: "Consultations", to: "/admin/consultations" },
  { label: "Seminars", to: "/admin/seminars" },
  { label: "Bookings", to: "/admin/bookings" },
  { label: "Blog", to: "/admin/blog" },
  { label: "Outbox", to: "/admin/outbox" },
  { label: "Activity", to: "/admin/activity" },
] as const;

export function AdminShell({ name, email, children }: { name: string; email: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-ink-50">
      <SkipLink />
      <header className="bg-ink-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-3">
            <a href="/admin/dashboard" aria-label="Thula Relocations admin dashboard" className="rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sun-500">
              <BrandLogo tone="light" />
            </a>
            <span className="rounded-full bg-sun-500 px-2.5 py-0.5 text-xs font-bold tracking-wide text-ink-950 uppercase">Admin</span>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <p className="text-sm text-ink-100">
              <span className="sr-only">Signed in as </span>
              {name.trim() ? (
                <>
                  <span className="font-semibold text-white">{name}</span> <span className="break-all">{email}</span>
                </>
              ) : (
                <span className="break-all">{email}</span>
              )}
            </p>
            <NavLink
              to={PROFILE_PATH}
              className={({ isActive }) =>
                clsx(
                  "inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sun-500",
                  isActive ? "bg-white/15 text-white" : "text-ink-100",
                )
              }
            >
              <UserRound aria-hidden="true" className="size-4" />
              Profile
            </NavLink>
            <SignOutButton tone="light" />
          </div>
        </div>
        <nav aria-label="Admin sections" className="border-t border-white/10">
          <ul className="mx-auto flex max-w-7xl flex-wrap gap-x-1 px-4 sm:px-6">
            {adminTabs.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  className={({ isActive }) =>
                    clsx(
                      "inline-block border-b-4 px-4 py-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-sun-500",
                      isActive ? "border-sun-500 text-white" : "border-transparent text-ink-100 hover:border-white/40 hover:text-white",
                    )
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
