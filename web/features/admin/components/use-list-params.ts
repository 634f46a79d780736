import { useState } from "react";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";
import type { AdminListParams } from "../api/admin-list-params";

/** Searching waits for a pause in typing, so each keystroke is not a request. */
const SEARCH_DELAY_MS = 300;

/**
 * The search box text, and the page and settled search an admin table asks for. `filter` names any
 * other narrowing of the list (the companies' verification state).
 */
export function useListParams(filter = "") {
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [paging, setPaging] = useState({ page: 1, search, filter });
  // A page belongs to the search and filter it was chosen for: a new one starts again from page 1.
  const samePaging = paging.search === search && paging.filter === filter;
  const params: AdminListParams = { page: samePaging ? paging.page : 1, search };
  const setPage = (page: number) => setPaging({ page, search, filter });
  return { params, searchText, setSearchText, setPage };
}
