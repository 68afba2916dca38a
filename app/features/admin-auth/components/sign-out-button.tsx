import { clsx } from "clsx";
import { LogOut } from "lucide-react";
import { Form } from "react-router";
import { ADMIN_ACTION_PATH } from "../rules.ts";

/** 'Sign Out': a POST to the admin layout's action, which ends the session and returns to /admin/login. */
export function SignOutButton({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <Form method="post" action={ADMIN_ACTION_PATH}>
      <input type="hidden" name="intent" value="sign-out" />
      <button
        type="submit"
        className={clsx(
          "inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sun-500",
          tone === "light" ? "border-2 border-white/80 text-white hover:bg-white hover:text-ink-900" : "bg-ink-900 text-white hover:bg-ink-800",
        )}
      >
        <LogOut aria-hidden="true" className="size-4" />
        Sign Out
      </button>
    </Form>
  );
}
