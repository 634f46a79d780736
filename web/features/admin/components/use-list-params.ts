import { useCallback, useState } from "react";
import type { AdminListParams } from "../api/admin-list-params";

/** Page and search of an admin table: a new search starts again from page 1. */
export function useListParams() {
  const [params, setParams] = useState<AdminListParams>({ page: 1, search: "" });
  const setSearch = useCallback(
    (search: string) => setParams((current) => (current.search === search ? current : { page: 1, search })),
    [],
  );
  const setPage = useCallback((page: number) => setParams((current) => ({ ...current, page })), []);
  return { params, setSearch, setPage };
}
