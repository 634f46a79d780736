import { answerOf, api, fileOf } from "#web/lib/api-client.ts";

/** GET /api/profile/export: the user's own data, saved as the JSON file the server names. */
export async function downloadMyData() {
  const { data, response } = await api.GET("/profile/export");
  const answer = await answerOf(Promise.resolve({ data, response }));
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? null;
  return { blob: new Blob([JSON.stringify(answer, null, 2)], { type: "application/json" }), fileName };
}

/** GET /api/companies/current/export: the organisation's whole record as a ZIP (its owner only). */
export const downloadFirmData = () => fileOf(api.GET("/companies/current/export", { parseAs: "blob" }));
