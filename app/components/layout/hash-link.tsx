import type { MouseEvent } from "react";
import { Link, useLocation, useNavigate, type LinkProps } from "react-router";
import { pendingHash, splitHashHref } from "~/lib/hash-scroll.ts";

type Props = Omit<LinkProps, "to"> & { to: string };

/**
 * A link to an anchor, on this page ("#services") or another ("/#how-it-works"). It stores
 * the hash as pending and navigates; <RouteScroll> on the target page scrolls to it. The
 * href stays a plain URL, so it works without JavaScript and opens in a new tab as usual.
 */
export function HashLink({ to, onClick, ...rest }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const target = splitHashHref(to);
  const pathname = target.pathname ?? location.pathname;
  const href = target.id ? `${pathname}${target.search}#${target.id}` : `${pathname}${target.search}`;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !target.id) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    pendingHash.set(target.id);
    navigate(href, { preventScrollReset: true });
  }

  return <Link to={href} onClick={handleClick} {...rest} />;
}
