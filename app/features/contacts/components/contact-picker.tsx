import { choicesFrom, Combobox } from "~/components/ui/combobox.tsx";
import { describedBy, FieldFrame } from "~/components/admin/fields.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { CONTACT_CHOICES_PATH, type ContactChoice } from "../choices.ts";

type Props = {
  id: string;
  name: string;
  label: string;
  /** The newest contacts, or those matching the search sent without JavaScript (at most 20). */
  choices: readonly ContactChoice[];
  /** The chosen contact's id after a refused post. */
  defaultValue?: string;
  hint?: string;
  errors?: readonly string[];
};

const searchContacts = choicesFrom(CONTACT_CHOICES_PATH, "contacts");

/**
 * A required choice of contact (docs/decisions/032). With JavaScript, a searchable picker that
 * asks the server for matching contacts as staff type. Without it (and until the page
 * hydrates), a plain list of `choices`: the page's own search form (ContactSearchForm) lists
 * others.
 */
export function ContactPicker({ id, name, label, choices, defaultValue, hint, errors }: Props) {
  const hydrated = useHydrated();
  const labelId = `${id}-label`;
  const description = describedBy(id, hint, errors);
  const chosen = choices.find((choice) => choice.id === defaultValue) ?? null;
  return (
    <FieldFrame id={id} label={label} labelId={labelId} required hint={hint} errors={errors}>
      {hydrated ? (
        <Combobox
          id={id}
          labelId={labelId}
          name={name}
          selected={chosen}
          noneLabel="Select a user"
          initialOptions={choices}
          search={searchContacts}
          onSelect={() => {}}
          placeholder="Type a name, e-mail or phone"
          noun={["user", "users"]}
          className="mt-1"
          invalid={Boolean(errors?.length)}
          describedBy={description}
        />
      ) : (
        <select
          id={id}
          name={name}
          required
          defaultValue={chosen?.id ?? ""}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={description}
          className="mt-1 block w-full rounded-lg border border-ink-300 bg-white px-3 py-2 pr-8 text-sm text-ink-950 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40"
        >
          <option value="">Select a user</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/**
 * Without JavaScript, the picker's list is what the server sent: this GET form asks for the
 * contacts matching a name, e-mail or phone (`param`), keeping the rest of the address.
 * Rendered outside the form the picker belongs to (forms cannot nest); nothing once hydrated.
 */
export function ContactSearchForm({ id, param, q, keep }: { id: string; param: string; q: string; keep: URLSearchParams }) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <form method="get" role="search" aria-label="Find a user" className="flex items-end gap-2">
      {[...keep].filter(([key]) => key !== param).map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <div className="grow">
        <label htmlFor={id} className="block text-sm font-semibold text-ink-950">
          Find a user <span className="font-normal text-ink-600">(name, e-mail or phone)</span>
        </label>
        <input id={id} name={param} type="search" defaultValue={q} maxLength={100} className="mt-1 block w-full rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-950" />
      </div>
      <button type="submit" className="rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm font-semibold text-ink-950 hover:bg-ink-50">
        Find
      </button>
    </form>
  );
}
