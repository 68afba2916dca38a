// Search boxes and filters are read from the address, where anything can be typed. PostgreSQL
// text cannot hold NUL, so a "%00" reaching a query would fail it (a 500 instead of results),
// and no other control character belongs in a search either.

/** A search or filter value from the URL: line breaks and tabs as spaces, other control characters removed, trimmed, at most `maxLength` characters. */
export function searchText(value: string | null | undefined, maxLength: number): string {
  return (value ?? "")
    .replace(/[\t\n\r]/g, " ")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, maxLength);
}

/** `text` inside a LIKE/ILIKE pattern, matching itself: its %, _ and \ escaped (PostgreSQL's default escape). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE/ILIKE pattern for "contains `text`", taken literally. */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}
