import { createRoute } from "@hono/zod-openapi";
import { codesExportQuerySchema, scansExportQuerySchema } from "#schema/validation/exports.ts";
import { keyCompanyId, requireApiKeyScope } from "#worker/middleware/api-key.ts";
import { CODE_EXPORT_HEADER, EXPORT_MAX_ROWS, SCAN_EXPORT_HEADER } from "#worker/services/integration/exports.ts";
import { answerCodesExport, answerScansExport, csvAnswer } from "../exports";
import { errorBodySchema } from "#schema/api-v1.ts";
import { CODE_NOT_FOUND_ERROR, KEY_ERRORS, KEY_SECURITY } from "./documented";
import { documentedRoutes, jsonAnswer } from "../contract";

const TOO_MANY_ROWS = {
  422: jsonAnswer(errorBodySchema, `More than ${EXPORT_MAX_ROWS.toLocaleString("en-GB")} rows: narrow the export`),
};

const exportCodes = createRoute({
  method: "get",
  path: "/codes.csv",
  tags: ["Exports"],
  summary: "Export codes as CSV",
  description:
    "Every code of the company that the History filters match, newest first, with its status and scan total.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("exports:read")] as const,
  request: { query: codesExportQuerySchema },
  responses: { 200: csvAnswer("The codes.", CODE_EXPORT_HEADER), ...TOO_MANY_ROWS, ...KEY_ERRORS },
});

const exportScans = createRoute({
  method: "get",
  path: "/scans.csv",
  tags: ["Exports"],
  summary: "Export scans as CSV",
  description: "The company's scans (of one code with `code`), newest first, from `since` on.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("exports:read")] as const,
  request: { query: scansExportQuerySchema },
  responses: {
    200: csvAnswer("The scans.", SCAN_EXPORT_HEADER),
    ...CODE_NOT_FOUND_ERROR,
    ...TOO_MANY_ROWS,
    ...KEY_ERRORS,
  },
});

/** /api/v1/exports: the same files as History's and the scan log's Export CSV, for an API key with exports:read. */
export const v1ExportRoutes = documentedRoutes()
  .openapi(exportCodes, (c) => answerCodesExport(c, keyCompanyId(c), c.req.valid("query")))
  .openapi(exportScans, (c) => answerScansExport(c, keyCompanyId(c), c.req.valid("query")));
