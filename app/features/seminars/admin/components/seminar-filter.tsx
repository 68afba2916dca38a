import { useSubmit } from "react-router";
import { choicesFrom, Combobox } from "~/components/ui/combobox.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { SEMINAR_CHOICES_PATH, type SeminarChoice } from "../seminar-choices.ts";

type Props = {
  id: string;
  labelId: string;
  chosen: SeminarChoice | null;
  /** The seminars nearest today (at most 20), with the chosen one. */
  choices: readonly SeminarChoice[];
  controlClassName: string;
};

const searchSeminars = choicesFrom(SEMINAR_CHOICES_PATH, "seminars");

/**
 * The bookings list's seminar filter (docs/decisions/032). With JavaScript, a searchable picker
 * that asks the server for matching seminars as staff type, and applies the choice at once.
 * Without it (and until the page hydrates), a plain list of the seminars nearest today: older
 * ones are reached through the Search box, which also matches seminar titles.
 */
export function SeminarFilter({ id, labelId, chosen, choices, controlClassName }: Props) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (!hydrated) {
    return (
      <select key={chosen?.id ?? ""} id={id} name="seminar" defaultValue={chosen?.id ?? ""} className={`${controlClassName} mt-1`}>
        <option value="">All seminars</option>
        {choices.map((seminar) => (
          <option key={seminar.id} value={seminar.id}>
            {seminar.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <Combobox
      id={id}
      labelId={labelId}
      name="seminar"
      selected={chosen}
      noneLabel="All seminars"
      initialOptions={choices}
      search={searchSeminars}
      onSelect={(_, form) => form && void submit(form, { preventScrollReset: true })}
      placeholder="All seminars: type a title, city or date"
      noun={["seminar", "seminars"]}
      className="mt-1"
    />
  );
}
