import { useMutation, useQuery } from "@tanstack/react-query";
import { XLSX_MEDIA_TYPE } from "#schema/limits/register.ts";
import type { NewRegisterSourceInput, PractisingCertificateReviewInput } from "#schema/validation/register.ts";
import { answerOf, api, fileBody, fileOf } from "#web/lib/api-client.ts";
import { downloadBlob } from "#web/lib/download.ts";
import { useAdminMutation } from "./admin-mutation";

/** GET /api/admin/register: the registers and their snapshots, newest first. */
export const useRegisters = () =>
  useQuery({ queryKey: ["/api/admin/register"], queryFn: () => answerOf(api.GET("/admin/register")) });

/** POST /api/admin/register/sources: a register to check valuers against. */
export const useAddRegister = () =>
  useAdminMutation({
    mutationFn: (source: NewRegisterSourceInput) => answerOf(api.POST("/admin/register/sources", { body: source })),
    successTitle: "Register added",
    failureTitle: "Failed to add the register",
  });

/** A register's list as it is sent: an Excel workbook by its name, anything else as CSV (a browser may call a .csv "application/vnd.ms-excel"). */
const listBody = (file: File) => fileBody(file, /\.xlsx$/i.test(file.name) ? XLSX_MEDIA_TYPE : "text/csv");

/** POST /api/admin/register/sources/{id}/preview: the dry run; nothing is written. */
export const usePreviewSnapshot = (sourceId: number) =>
  useMutation({
    mutationFn: (file: File) =>
      answerOf(
        api.POST("/admin/register/sources/{id}/preview", {
          params: { path: { id: String(sourceId) }, query: { fileName: file.name } },
          ...listBody(file),
        }),
      ),
  });

/** POST /api/admin/register/sources/{id}/snapshots: the file previewed, imported as published on a day. */
export const useImportSnapshot = (sourceId: number) =>
  useAdminMutation({
    mutationFn: ({ file, publishedOn, sha256 }: { file: File; publishedOn: string; sha256: string }) =>
      answerOf(
        api.POST("/admin/register/sources/{id}/snapshots", {
          params: { path: { id: String(sourceId) }, query: { fileName: file.name, publishedOn, sha256 } },
          ...listBody(file),
        }),
      ),
    successTitle: (imported) =>
      `Snapshot imported: ${imported.rowCount.toLocaleString("en-GB")} registrations, ${imported.removed.length} removed`,
    failureTitle: "Failed to import the snapshot",
  });

/** GET /api/admin/practising-certificates: uploads waiting for review, oldest first. */
export const usePractisingCertificatesToReview = () =>
  useQuery({
    queryKey: ["/api/admin/practising-certificates"],
    queryFn: () => answerOf(api.GET("/admin/practising-certificates")),
  });

/** POST /api/admin/practising-certificates/{id}/review: accepted until a day, or rejected with why. */
export const useReviewPractisingCertificate = (id: number) =>
  useAdminMutation({
    mutationFn: (review: PractisingCertificateReviewInput) =>
      answerOf(
        api.POST("/admin/practising-certificates/{id}/review", {
          params: { path: { id: String(id) } },
          body: review,
        }),
      ),
    successTitle: (answer) => answer.message,
    failureTitle: "Failed to record the review",
  });

/** GET /api/admin/practising-certificates/{id}/file: the upload, downloaded to be read. */
export async function downloadUploadedCertificate(id: number, fallbackName: string) {
  const { blob, fileName } = await fileOf(
    api.GET("/admin/practising-certificates/{id}/file", { params: { path: { id: String(id) } }, parseAs: "blob" }),
  );
  downloadBlob(blob, fileName ?? fallbackName);
}
