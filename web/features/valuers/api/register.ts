import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api, fileBody, fileOf } from "#web/lib/api-client.ts";
import { downloadBlob } from "#web/lib/download.ts";

/** Under the valuers' key, so a change of valuers refreshes their checks too. */
const registerKey = ["/api/valuers", "register"] as const;

/** GET /api/valuers/register: each valuer's check as a code issued today would carry it, and their newest upload. */
export const useRegisterStandings = () =>
  useQuery({ queryKey: registerKey, queryFn: () => answerOf(api.GET("/valuers/register")) });

/** POST /api/valuers/{id}/practising-certificates: the valuer's current practising certificate, for ValuSeal's review. */
export function useUploadPractisingCertificate(valuerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      answerOf(
        api.POST("/valuers/{id}/practising-certificates", {
          params: { path: { id: String(valuerId) }, query: { fileName: file.name } },
          ...fileBody(file),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registerKey }),
  });
}

/** GET /api/valuers/practising-certificates/{id}/file: the file as uploaded, downloaded under its name. */
export async function downloadPractisingCertificate(id: number, fallbackName: string) {
  const { blob, fileName } = await fileOf(
    api.GET("/valuers/practising-certificates/{id}/file", { params: { path: { id: String(id) } }, parseAs: "blob" }),
  );
  downloadBlob(blob, fileName ?? fallbackName);
}
