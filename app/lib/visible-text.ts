// Zero-width and other invisible formatting characters (RTL overrides included) do not make a
// name (docs/decisions/007-public-forms.md): forms drop them before counting what was typed.
const invisibleCharacters = /[\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g;

/** The text without invisible formatting characters. Browser-safe. */
export function withoutInvisibleCharacters(value: string): string {
  return value.replace(invisibleCharacters, "");
}
