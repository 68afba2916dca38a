import { AdminTextField } from "~/components/admin/fields.tsx";

type Props = {
  id: string;
  value: string;
  onChange: (name: string) => void;
  errors?: readonly string[];
};

/** 'Your name': the admin signing a note or a status change (one value shared by both forms). */
export function AdminNameField({ id, value, onChange, errors }: Props) {
  return (
    <AdminTextField
      id={id}
      name="adminName"
      label="Your name"
      required
      autoComplete="name"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      errors={errors}
      maxLength={100}
    />
  );
}
