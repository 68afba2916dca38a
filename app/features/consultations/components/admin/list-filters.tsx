import { Form, useNavigate } from "react-router";
import { FilterPopover } from "~/components/admin/filter-popover.tsx";
import { useSearchHref } from "~/components/admin/url-state.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import type { ConsultationStatus } from "#db/schema/enums.ts";
import { POSITION_PARAMS } from "~/lib/keyset.ts";
import { CONSULTATION_MODAL_PARAMS, statusOptions, typeFilterLabels, typeFilters, type ConsultationListParams, type TypeFilter } from "../../admin-schema.ts";

// The Type (radio) and Status (checkboxes) filters in the table's column headers. Each is a
// GET form: with JavaScript a change navigates at once; without it, 'Apply' submits.

const reset = Object.fromEntries([...CONSULTATION_MODAL_PARAMS, "page", ...POSITION_PARAMS].map((param) => [param, null]));

function Kept({ filters, except }: { filters: ConsultationListParams; except: "type" | "status" }) {
  return (
    <>
      {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
      {except !== "type" && filters.type !== "all" ? <input type="hidden" name="type" value={filters.type} /> : null}
      {except !== "status" ? filters.statuses.map((status) => <input key={status} type="hidden" name="status" value={status} />) : null}
    </>
  );
}

function ApplyButton() {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <button type="submit" className="mt-2 w-full cursor-pointer rounded-lg bg-ink-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-ink-800">
      Apply
    </button>
  );
}

const option = "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-ink-900 hover:bg-ink-50";

export function TypeFilterControl({ filters }: { filters: ConsultationListParams }) {
  const href = useSearchHref();
  const navigate = useNavigate();
  const choose = (value: TypeFilter, panel: Element | null) => {
    void navigate(href({ ...reset, type: value === "all" ? null : value }), { preventScrollReset: true });
    (panel as HTMLElement | null)?.hidePopover?.();
  };
  return (
    <FilterPopover label="Type" panelLabel="Filter by type" activeSummary={filters.type === "all" ? undefined : `showing ${typeFilterLabels[filters.type]} only`}>
      <Form method="get" preventScrollReset>
        <Kept filters={filters} except="type" />
        <fieldset>
          <legend className="mb-1 px-2 text-xs font-semibold text-ink-700">Type</legend>
          {typeFilters.map((value) => (
            <label key={value} className={option}>
              <input
                type="radio"
                name="type"
                value={value}
                checked={filters.type === value}
                onChange={(event) => choose(value, event.currentTarget.closest("[popover]"))}
                className="size-4 accent-ink-900"
              />
              {typeFilterLabels[value]}
            </label>
          ))}
        </fieldset>
        <ApplyButton />
      </Form>
    </FilterPopover>
  );
}

export function StatusFilterControl({ filters }: { filters: ConsultationListParams }) {
  const href = useSearchHref();
  const navigate = useNavigate();
  const showAll = filters.statuses.length === 0;
  const apply = (statuses: readonly ConsultationStatus[]) => void navigate(href({ ...reset, status: statuses }), { preventScrollReset: true });
  const toggle = (status: ConsultationStatus, checked: boolean) =>
    apply(statusOptions.map((candidate) => candidate.value).filter((value) => (value === status ? checked : filters.statuses.includes(value))));
  const summary = showAll ? undefined : `showing ${filters.statuses.join(", ")}`;
  return (
    <FilterPopover label="Status" panelLabel="Filter by status" activeSummary={summary}>
      <Form method="get" preventScrollReset>
        <Kept filters={filters} except="status" />
        <fieldset>
          <legend className="mb-1 px-2 text-xs font-semibold text-ink-700">Status</legend>
          <label className={option}>
            <input type="checkbox" name="status" value="all" checked={showAll} onChange={() => apply([])} className="size-4 accent-ink-900" />
            Show All
          </label>
          {statusOptions.map((status) => (
            <label key={status.value} className={option}>
              <input
                type="checkbox"
                name="status"
                value={status.value}
                checked={filters.statuses.includes(status.value)}
                onChange={(event) => toggle(status.value, event.currentTarget.checked)}
                className="size-4 accent-ink-900"
              />
              {status.label}
            </label>
          ))}
        </fieldset>
        <ApplyButton />
      </Form>
    </FilterPopover>
  );
}
