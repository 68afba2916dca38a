import { clsx } from "clsx";

/** Draft or Published, in words and colour (contrast AA on both). */
export function PostStatusBadge({ status }: { status: "draft" | "published" }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        status === "published" ? "bg-veld-100 text-veld-700" : "bg-sun-100 text-ink-900",
      )}
    >
      <span aria-hidden="true" className={clsx("size-1.5 rounded-full", status === "published" ? "bg-veld-600" : "bg-sun-600")} />
      {status === "published" ? "Published" : "Draft"}
    </span>
  );
}
