import { z } from "zod";
import { REGISTER_SOURCE_KINDS } from "../limits/register";
import { REGISTER_RESULTS } from "../valuer-register";
import { timestamp } from "./fields";

const isoDay = z.string().meta({ example: "2026-01-15" });

/** GET /api/admin/register: each register with its snapshots, newest first. */
export const registerOverviewAnswer = z.strictObject({
  sources: z.array(
    z.strictObject({
      id: z.number().int().positive(),
      jurisdiction: z.string(),
      body: z.string(),
      kind: z.enum(REGISTER_SOURCE_KINDS),
      url: z.string().nullable(),
      snapshots: z.array(
        z.strictObject({
          id: z.number().int().positive(),
          sourceId: z.number().int().positive(),
          publishedOn: isoDay,
          fileName: z.string(),
          fileSha256: z.string(),
          rowCount: z.number().int().nonnegative(),
          importedAt: timestamp,
        }),
      ),
    }),
  ),
});

const listedChange = z.strictObject({
  registrationNumber: z.string(),
  name: z.string(),
  previousName: z.string().optional(),
  note: z.string().optional(),
});

/** A snapshot's preview (snapshotId null: nothing written) or its import: what it changes against the newest one. */
export const snapshotDiffAnswer = z.strictObject({
  snapshotId: z.number().int().positive().nullable(),
  fileSha256: z.string().meta({ description: "SHA-256 of the file, hex: the import names the file previewed by it" }),
  rowCount: z.number().int().nonnegative(),
  previousPublishedOn: isoDay.nullable(),
  added: z.array(listedChange),
  changed: z.array(listedChange),
  removed: z.array(listedChange),
  suspended: z.array(listedChange),
});

/** GET /api/valuers/register: each valuer's standing against the register, by valuer id. */
export const valuerRegisterAnswer = z.strictObject({
  standings: z.array(
    z.strictObject({
      valuerId: z.number().int().positive(),
      result: z.enum(REGISTER_RESULTS),
      body: z.string(),
      publishedOn: isoDay,
      listedName: z.string().nullable(),
    }),
  ),
});
