/** A query string without its "?": undefined, null and "" values are left out (an empty filter is no filter). */
export function queryString(params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "")
      query.set(name, String(value as string | number | boolean));
  }
  return query.toString();
}
