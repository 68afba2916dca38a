import { RefreshCw } from "lucide-react";
import { useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";

/**
 * 'Try Again': reloads the page. A plain GET form for the same address, so it works even
 * when the page's scripts did not load; with JavaScript it is a real reload.
 */
export function ReloadButton({ label = "Try Again" }: { label?: string }) {
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
      <button type="submit" className={buttonClasses("dark", "lg", "mt-8 cursor-pointer")}>
        <RefreshCw aria-hidden="true" className="size-5" />
        {label}
      </button>
    </form>
  );
}
