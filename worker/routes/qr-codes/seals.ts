import { createRoute, z } from "@hono/zod-openapi";
import { registeredSealAnswer, reportSealAnswer } from "#schema/responses/index.ts";
import { sealRegistrationSchema } from "#schema/validation/seals.ts";
import { currentCompanyId } from "#worker/request/company.ts";
import { recordSigning } from "#worker/request/record-signing.ts";
import {
  requireActiveCompany,
  requireCompanyUser,
  requireConfirmedEmail,
  requireIssuerOrganisation,
  requireUser,
} from "#worker/middleware/auth.ts";
import { listSeals, registerSeal } from "#worker/services/records/seals.ts";
import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam } from "../contract";

const sealReport = createRoute({
  method: "post",
  path: "/{id}/seals",
  middleware: [
    requireUser,
    requireCompanyUser,
    requireIssuerOrganisation,
    requireActiveCompany,
    requireConfirmedEmail(),
  ] as const,
  request: { params: rowIdParam, ...jsonBody(sealRegistrationSchema) },
  responses: { 201: jsonAnswer(registeredSealAnswer, "The version registered, with the code's signed record") },
});

const listReportSeals = createRoute({
  method: "get",
  path: "/{id}/seals",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(z.array(reportSealAnswer), "Every sealed version, newest first") },
});

/**
 * A code's sealed reports (/api/qr-codes/:id/seals): the browser stamps the PDF and sends only its
 * fingerprints; sealing is issuing, so it needs what issuing a code needs.
 */
export const codeSealRoutes = documentedRoutes()
  .openapi(sealReport, async (c) => {
    const seal = await registerSeal(
      c.var.transactional(),
      await recordSigning(c),
      c.var.user,
      currentCompanyId(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(seal, 201);
  })
  .openapi(listReportSeals, async (c) =>
    c.json(await listSeals(c.var.db, currentCompanyId(c), c.req.valid("param").id), 200),
  );
