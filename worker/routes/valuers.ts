import { and, asc, eq, isNull } from "drizzle-orm";
import { createRoute, z } from "@hono/zod-openapi";
import { valuers } from "#schema/tables.ts";
import { valuerSchema } from "#schema/validation/valuers.ts";
import {
  messageAnswer,
  practisingCertificateAnswer,
  valuerAnswer,
  valuerRegisterAnswer,
} from "#schema/responses/index.ts";
import { PRACTISING_CERTIFICATE_MAX_BYTES, PRACTISING_CERTIFICATE_TYPES } from "#schema/limits/register.ts";
import { fileNameQuerySchema } from "#schema/validation/register.ts";
import { recheckValuers, valuerStandings } from "#worker/services/register/valuer-checks.ts";
import {
  newestCertificatesOf,
  practisingCertificateFile,
  PRACTISING_CERTIFICATE_NOT_FOUND,
  uploadPractisingCertificate,
} from "#worker/services/register/practising-certificates.ts";
import { storedFileAnswer, uploadedFileBytes } from "../request/uploaded-file";
import { enforceRateLimit } from "../middleware/rate-limit";
import { currentCompanyId } from "../request/company";
import { notFound } from "../lib/errors";
import { parseId } from "../lib/validation";
import { documentedRoutes, fileContent, jsonAnswer, jsonBody, rowIdParam } from "./contract";
import {
  requireActiveCompany,
  requireCompanyOwner,
  requireCompanyUser,
  requireIssuerOrganisation,
  requireUser,
} from "../middleware/auth";

const VALUER_NOT_FOUND = "Valuer not found";
const ownerOnly = requireCompanyOwner("Only the company owner can add or modify valuers");

const valuerColumns = {
  id: valuers.id,
  userId: valuers.userId,
  companyId: valuers.companyId,
  name: valuers.name,
  phone: valuers.phone,
  qualification: valuers.qualification,
  registrationNumber: valuers.registrationNumber,
  isActive: valuers.isActive,
  createdAt: valuers.createdAt,
  updatedAt: valuers.updatedAt,
};

/** A valuer of this company that has not been deleted; any other id is simply not found. */
const liveValuerOf = (companyId: number, id: number) =>
  and(eq(valuers.id, id), eq(valuers.companyId, companyId), isNull(valuers.deletedAt));

const listValuers = createRoute({
  method: "get",
  path: "/",
  middleware: [requireUser, requireCompanyUser] as const,
  responses: { 200: jsonAnswer(z.array(valuerAnswer), "The company's valuers, by name") },
});

const readRegisterStandings = createRoute({
  method: "get",
  path: "/register",
  middleware: [requireUser, requireCompanyUser] as const,
  responses: {
    200: jsonAnswer(
      valuerRegisterAnswer,
      "Each valuer's registration check as a code issued today would carry it, and their newest practising certificate",
    ),
  },
});

const postPractisingCertificate = createRoute({
  method: "post",
  path: "/{id}/practising-certificates",
  middleware: [requireUser, requireCompanyUser, requireIssuerOrganisation, ownerOnly, requireActiveCompany] as const,
  request: {
    params: rowIdParam,
    query: fileNameQuerySchema,
    body: fileContent(
      PRACTISING_CERTIFICATE_TYPES,
      "The valuer's current practising certificate: a PDF, or a JPEG or PNG photo of it",
    ),
  },
  responses: { 201: jsonAnswer(practisingCertificateAnswer, "The certificate kept, waiting for ValuSeal's review") },
});

const readPractisingCertificate = createRoute({
  method: "get",
  path: "/practising-certificates/{id}/file",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { params: rowIdParam },
  responses: { 200: fileContent(PRACTISING_CERTIFICATE_TYPES, "The practising certificate as uploaded") },
});

const addValuer = createRoute({
  method: "post",
  path: "/",
  middleware: [requireUser, requireCompanyUser, requireIssuerOrganisation, ownerOnly, requireActiveCompany] as const,
  request: jsonBody(valuerSchema),
  responses: { 201: jsonAnswer(valuerAnswer, "The valuer added") },
});

const updateValuer = createRoute({
  method: "put",
  path: "/{id}",
  middleware: [requireUser, requireCompanyUser, requireIssuerOrganisation, ownerOnly, requireActiveCompany] as const,
  request: { params: rowIdParam, ...jsonBody(valuerSchema) },
  responses: { 200: jsonAnswer(valuerAnswer, "The valuer as changed") },
});

const deleteValuer = createRoute({
  method: "delete",
  path: "/{id}",
  middleware: [requireUser, requireCompanyUser, requireIssuerOrganisation, ownerOnly, requireActiveCompany] as const,
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(messageAnswer, "The valuer is deleted") },
});

/**
 * The company's valuers (/api/valuers). Deleting only sets deletedAt: codes they signed keep pointing at
 * the row, so certificates and history still name the signer, while lists and the signing-valuer
 * choice no longer offer them.
 */
export const valuerRoutes = documentedRoutes()
  .openapi(listValuers, async (c) => {
    const list = await c.var.db
      .select(valuerColumns)
      .from(valuers)
      .where(and(eq(valuers.companyId, currentCompanyId(c)), isNull(valuers.deletedAt)))
      .orderBy(asc(valuers.name), asc(valuers.id));
    return c.json(list, 200);
  })
  .openapi(readRegisterStandings, async (c) => {
    const standings = await valuerStandings(c.var.db, currentCompanyId(c));
    const uploads = await newestCertificatesOf(
      c.var.db,
      standings.map((standing) => standing.valuerId),
    );
    const answer = standings.map((standing) => ({
      ...standing,
      practisingCertificate: uploads.find((upload) => upload.valuerId === standing.valuerId) ?? null,
    }));
    return c.json({ valuers: answer }, 200);
  })
  .openapi(postPractisingCertificate, async (c) => {
    const companyId = currentCompanyId(c);
    const valuerId = parseId(c.req.valid("param").id, VALUER_NOT_FOUND);
    // Before the body is read or hashed: a loop of uploads costs the bucket and the CPU, not the firm.
    await enforceRateLimit(c, "UPLOAD_LIMITER", `upload:${companyId}`);
    const bytes = await uploadedFileBytes(c, PRACTISING_CERTIFICATE_MAX_BYTES, "A practising certificate");
    const contentType = c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
    const upload = await uploadPractisingCertificate(
      c.var.db,
      c.env.EVIDENCE,
      { companyId, userId: c.var.user.id, valuerId, fileName: c.req.valid("query").fileName, contentType },
      bytes,
    );
    return c.json(upload, 201);
  })
  .openapi(readPractisingCertificate, async (c) => {
    const id = parseId(c.req.valid("param").id, PRACTISING_CERTIFICATE_NOT_FOUND);
    const file = await practisingCertificateFile(c.var.db, c.env.EVIDENCE, id, currentCompanyId(c));
    return storedFileAnswer(c, file);
  })
  .openapi(addValuer, async (c) => {
    const input = c.req.valid("json");
    // Checked against the register in the same transaction, so the first code they sign carries it.
    const valuer = await c.var.transactional().transaction(async (tx) => {
      const [added] = await tx
        .insert(valuers)
        .values({ ...input, companyId: currentCompanyId(c), userId: c.var.user.id })
        .returning(valuerColumns);
      await recheckValuers(tx, [added!.id]);
      return added!;
    });
    return c.json(valuer, 201);
  })
  .openapi(updateValuer, async (c) => {
    const id = parseId(c.req.valid("param").id, VALUER_NOT_FOUND);
    const { name, phone, qualification, registrationNumber, isActive } = c.req.valid("json");
    // The dialog always sends every field, so a blank phone, qualification or number clears it. A new
    // name or number is checked again in the same transaction: a check holds only for what it checked.
    const valuer = await c.var.transactional().transaction(async (tx) => {
      const [changed] = await tx
        .update(valuers)
        .set({
          name,
          phone: phone ?? null,
          qualification: qualification ?? null,
          registrationNumber: registrationNumber ?? null,
          isActive,
        })
        .where(liveValuerOf(currentCompanyId(c), id))
        .returning(valuerColumns);
      if (!changed) throw notFound(VALUER_NOT_FOUND);
      await recheckValuers(tx, [changed.id]);
      return changed;
    });
    return c.json(valuer, 200);
  })
  .openapi(deleteValuer, async (c) => {
    const id = parseId(c.req.valid("param").id, VALUER_NOT_FOUND);
    const [valuer] = await c.var.db
      .update(valuers)
      .set({ deletedAt: new Date(), isActive: false })
      .where(liveValuerOf(currentCompanyId(c), id))
      .returning({ id: valuers.id });
    if (!valuer) throw notFound(VALUER_NOT_FOUND);
    return c.json({ message: "Valuer deleted successfully" }, 200);
  });
