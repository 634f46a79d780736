import { useState } from "react";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import type { AdminListParams } from "../api/admin-list-params";

/** Searching waits for a pause in typing, so each keystroke is not a request. */
const SEARCH_DELAY_MS = 300;

/** The search box text, and the page and settled search an admin table asks for. */
export function useListParams() {
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [paging, setPaging] = useState({ page: 1, search });
  // A page belongs to the search it was chosen for: a new search starts again from page 1.
  const params: AdminListParams = { page: paging.search === search ? paging.page : 1, search };
  const setPage = (page: number) => setPaging({ page, search });
  return { params, searchText, setSearchText, setPage };
}
