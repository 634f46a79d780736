import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { REGISTER_FILE_TYPES, REGISTER_IMPORT_MAX_BYTES } from "#schema/limits/register.ts";
import { registerOverviewAnswer, snapshotDiffAnswer } from "#schema/responses/index.ts";
import {
  newRegisterSourceSchema,
  snapshotImportQuerySchema,
  fileNameQuerySchema,
} from "#schema/validation/register.ts";
import type { AppEnv } from "#worker/env.ts";
import { uploadedFileBytes } from "#worker/request/uploaded-file.ts";
import { parseId } from "#worker/lib/validation.ts";
import {
  addRegisterSource,
  importSnapshot,
  previewSnapshot,
  registerOverview,
  SOURCE_NOT_FOUND,
} from "#worker/services/register/snapshots.ts";
import { Outbox } from "#worker/services/integration/webhooks.ts";
import { queueOutboxAfterResponse } from "#worker/request/after-response.ts";
import { documentedRoutes, fileContent, jsonAnswer, jsonBody, rowIdParam } from "../contract";

/** The file is the body, as the browser sends a chosen file: CSV in UTF-8, or an Excel workbook. */
const fileBody = fileContent(
  REGISTER_FILE_TYPES,
  "The register's list as CSV (UTF-8) or an Excel workbook (.xlsx, its first sheet): Registration number, Name, Status, Valid until",
);

/** The body's bytes, refused unread above the import's size. */
const fileBytes = (c: Context<AppEnv>) => uploadedFileBytes(c, REGISTER_IMPORT_MAX_BYTES, "A register file");

const readRegister = createRoute({
  method: "get",
  path: "/",
  responses: { 200: jsonAnswer(registerOverviewAnswer, "The registers and their snapshots, newest first") },
});

const postSource = createRoute({
  method: "post",
  path: "/sources",
  request: jsonBody(newRegisterSourceSchema),
  responses: { 201: jsonAnswer(registerOverviewAnswer, "The registers, the new one among them") },
});

const postPreview = createRoute({
  method: "post",
  path: "/sources/{id}/preview",
  request: { params: rowIdParam, query: fileNameQuerySchema, body: fileBody },
  responses: { 200: jsonAnswer(snapshotDiffAnswer, "What importing the file would change; nothing is written") },
});

const postSnapshot = createRoute({
  method: "post",
  path: "/sources/{id}/snapshots",
  request: { params: rowIdParam, query: snapshotImportQuerySchema, body: fileBody },
  responses: { 201: jsonAnswer(snapshotDiffAnswer, "The snapshot imported, with what it changed") },
});

/**
 * /api/admin/register: the registers of valuers ValuSeal checks against (decision 061). A list's
 * file is previewed (a dry run: added, changed, removed, suspended) and then imported as previewed,
 * audited; every snapshot is kept.
 */
export const adminRegisterRoutes = documentedRoutes()
  .openapi(readRegister, async (c) => c.json({ sources: await registerOverview(c.var.db) }, 200))
  .openapi(postSource, async (c) => {
    await addRegisterSource(c.var.transactional(), c.var.user, c.req.valid("json"));
    return c.json({ sources: await registerOverview(c.var.db) }, 201);
  })
  .openapi(postPreview, async (c) => {
    const sourceId = parseId(c.req.valid("param").id, SOURCE_NOT_FOUND);
    const preview = await previewSnapshot(c.var.db, sourceId, await fileBytes(c));
    return c.json({ ...preview, snapshotId: null }, 200);
  })
  .openapi(postSnapshot, async (c) => {
    const sourceId = parseId(c.req.valid("param").id, SOURCE_NOT_FOUND);
    const { fileName, publishedOn, sha256 } = c.req.valid("query");
    const outbox = new Outbox();
    const imported = await importSnapshot(c.var.transactional(), outbox, c.var.user, sourceId, {
      bytes: await fileBytes(c),
      fileName,
      publishedOn,
      previewedSha256: sha256,
    });
    queueOutboxAfterResponse(c, outbox);
    return c.json(imported, 201);
  });
