import { z } from "zod";
import { REGISTER_SOURCE_KINDS } from "../limits/register";

/** POST /api/admin/register/sources: a register ValuSeal checks valuers against. */
export const newRegisterSourceSchema = z.strictObject({
  jurisdiction: z
    .string({ error: "Enter the country's two-letter code, like KE" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Enter the country's two-letter code, like KE"),
  body: z
    .string({ error: "Enter who keeps the register" })
    .trim()
    .min(3, "Enter who keeps the register")
    .max(200, "At most 200 characters"),
  kind: z.enum(REGISTER_SOURCE_KINDS, { error: "Choose a published list or manual evidence" }),
  url: z.url({ error: "Enter the address where the list is published" }).max(500).optional(),
});
export type NewRegisterSource = z.output<typeof newRegisterSourceSchema>;
export type NewRegisterSourceInput = z.input<typeof newRegisterSourceSchema>;

/** The file's name, in the query of a preview or an import (its bytes are the body). */
const fileName = z.string({ error: "Name the file" }).trim().min(1, "Name the file").max(200, "At most 200 characters");

/** POST /api/admin/register/sources/{id}/preview?fileName=… */
export const snapshotPreviewQuerySchema = z.strictObject({ fileName });

/** POST /api/admin/register/sources/{id}/snapshots?fileName=…&publishedOn=…&sha256=… */
export const snapshotImportQuerySchema = z.strictObject({
  fileName,
  publishedOn: z.iso.date({ error: "Enter the day the register was published, like 2026-01-15" }),
  sha256: z.string({ error: "Preview the file first" }).regex(/^[0-9a-f]{64}$/, "Preview the file first"),
});
