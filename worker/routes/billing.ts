import { createRoute } from "@hono/zod-openapi";
import { billingAnswer } from "#schema/responses/index.ts";
import { paginationQuerySchema } from "#schema/validation/pagination.ts";
import { requireCompanyUser, requireIssuerOrganisation, requireUser } from "../middleware/auth";
import { currentCompanyId } from "../request/company";
import { creditBalance, creditLedgerPage } from "../services/billing/credits";
import { documentedRoutes, jsonAnswer } from "./contract";

/** The ledger's default page: a month of a busy firm's issues at a glance. */
const LEDGER_PAGE_SIZE = 25;

const getBilling = createRoute({
  method: "get",
  path: "/",
  middleware: [requireUser, requireCompanyUser, requireIssuerOrganisation] as const,
  request: { query: paginationQuerySchema },
  responses: { 200: jsonAnswer(billingAnswer, "The firm's credits and its ledger") },
});

/**
 * A valuation firm's credits: every member sees the balance and the ledger (what each code cost is
 * no secret within the firm); buying is the owner's. Lenders pay nothing and have no billing.
 */
export const billingRoutes = documentedRoutes().openapi(getBilling, async (c) => {
  const companyId = currentCompanyId(c);
  const { page = 1, pageSize = LEDGER_PAGE_SIZE } = c.req.valid("query");
  const [balance, ledger] = await Promise.all([
    creditBalance(c.var.db, companyId),
    creditLedgerPage(c.var.db, companyId, page, pageSize),
  ]);
  return c.json({ balance, ledger }, 200);
});
