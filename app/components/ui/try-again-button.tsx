import { RefreshCw } from "lucide-react";
import { useLocation } from "react-router";
import { buttonClasses } from "./button.ts";

/**
 * 'Try Again': reloads the page. A GET form for the same address, so it works even when the
 * page's scripts did not load; with JavaScript a real reload, so a failed loader runs again.
 */
export function TryAgainButton({ label = "Try Again", className = buttonClasses("dark", "lg", "mt-8 cursor-pointer") }: { label?: string; className?: string }) {
  const location = useLocation();
  const params = [...new URLSearchParams(location.search)];
  return (
    <form
      method="get"
      action={location.pathname}
      onSubmit={(event) => {
        event.preventDefault();
        window.location.reload();
      }}
    >
      {params.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {label}
      </button>
    </form>
  );
}
