import { and, asc, eq, isNull } from "drizzle-orm";
import { createRoute, z } from "@hono/zod-openapi";
import { valuers } from "#schema/tables.ts";
import { valuerSchema } from "#schema/validation/valuers.ts";
import { valuerRegisterAnswer } from "#schema/responses/index.ts";
import { registerStandings } from "#worker/services/register/snapshots.ts";
import { messageAnswer, valuerAnswer } from "#schema/responses/index.ts";
import { currentCompanyId } from "../request/company";
import { notFound } from "../lib/errors";
import { parseId } from "../lib/validation";
import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam } from "./contract";
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
    200: jsonAnswer(valuerRegisterAnswer, "Each valuer's registration against the newest snapshot of the register"),
  },
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
    const list = await c.var.db
      .select({ id: valuers.id, name: valuers.name, registrationNumber: valuers.registrationNumber })
      .from(valuers)
      .where(and(eq(valuers.companyId, currentCompanyId(c)), isNull(valuers.deletedAt)));
    const standings = await registerStandings(c.var.db, list);
    return c.json({ standings: [...standings].map(([valuerId, standing]) => ({ valuerId, ...standing })) }, 200);
  })
  .openapi(addValuer, async (c) => {
    const input = c.req.valid("json");
    const [valuer] = await c.var.db
      .insert(valuers)
      .values({ ...input, companyId: currentCompanyId(c), userId: c.var.user.id })
      .returning(valuerColumns);
    return c.json(valuer!, 201);
  })
  .openapi(updateValuer, async (c) => {
    const id = parseId(c.req.valid("param").id, VALUER_NOT_FOUND);
    const { name, phone, qualification, registrationNumber, isActive } = c.req.valid("json");
    // The dialog always sends every field, so a blank phone, qualification or number clears it.
    const [valuer] = await c.var.db
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
    if (!valuer) throw notFound(VALUER_NOT_FOUND);
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
