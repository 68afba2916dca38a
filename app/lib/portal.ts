/** Is this path the admin portal's (never tracked, stricter Referrer-Policy)? "/administration-fees" is not. */
export function isPortalPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
