import { listPosition, type ListPosition } from "~/lib/keyset.ts";
import { searchText } from "~/lib/search-text.ts";

// The admin Users screen's list and modals, browser-safe. The contact record's own rules
// (the create/edit form's schema) live in features/contacts/schema.ts.

export const USERS_PAGE_SIZE = 25;
export const USER_MODAL_PARAMS = ["new", "edit", "delete", "consultations", "seminars"] as const;

export type UsersListParams = { q: string; position: ListPosition };

/** Search and where the page starts, from the URL; anything odd falls back to no search and the first page. */
export function usersListParams(search: URLSearchParams): UsersListParams {
  return { q: searchText(search.get("q"), 100), position: listPosition(search) };
}
