// Conditional requests: one reading of If-None-Match for every answer that carries an ETag.

/** Does If-None-Match name this ETag (compared weakly, as RFC 9110 asks for GET), or say `*`? */
export function matchesETag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === bare;
  });
}
