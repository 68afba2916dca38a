import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";

const links = [
  { label: "Manage Users", to: "/admin/users" },
  { label: "Manage Consultations", to: "/admin/consultations" },
  { label: "Manage Seminars", to: "/admin/seminars" },
] as const;

/** 'Quick Access': the three screens staff use most. */
export function QuickAccess() {
  return (
    <section aria-labelledby="quick-access-heading" className="space-y-3">
      <h2 id="quick-access-heading" className="text-xl font-semibold text-ink-900">
        Quick Access
      </h2>
      <div className="flex flex-wrap gap-3">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={buttonClasses("secondary", "md")}>
            {link.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ))}
      </div>
    </section>
  );
}
