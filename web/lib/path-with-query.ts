/**
 * A request path with its query string: undefined, null and "" values are left out, so
 * `pathWithQuery("/api/admin/users", { page: 2, search: "" })` is "/api/admin/users?page=2".
 */
export function pathWithQuery(path: string, params: Record<string, string | number | boolean | null | undefined>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
