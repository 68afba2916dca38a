import { searchText } from "~/lib/search-text.ts";

// The admin Users screen's list and modals, browser-safe. The contact record's own rules
// (the create/edit form's schema) live in features/contacts/schema.ts.

export const USERS_PAGE_SIZE = 25;
export const USER_MODAL_PARAMS = ["new", "edit", "delete", "consultations", "seminars"] as const;

export type UsersListParams = { q: string; page: number };

/** Search and page from the URL; anything odd falls back to no search and page 1. */
export function usersListParams(search: URLSearchParams): UsersListParams {
  const q = searchText(search.get("q"), 100);
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  return { q, page: Number.isFinite(page) && page >= 1 ? page : 1 };
}
