import { createRoute } from "@hono/zod-openapi";
import { pageAnswer, watchedCodeAnswer } from "#schema/responses/index.ts";
import { portfolioExportQuerySchema, portfolioQuerySchema, watchCodeSchema } from "#schema/validation/reliances.ts";
import { currentCompanyId } from "../request/company";
import { publicOrigin } from "../request/public-origin";
import { requireActiveCompany, requireCompanyUser, requireLenderOrganisation, requireUser } from "../middleware/auth";
import { enforceRateLimit, spendTypedCodeBudget } from "../middleware/rate-limit";
import { csvHeaders, exportFileName, PORTFOLIO_EXPORT_HEADER, portfolioCsv } from "../services/integration/exports";
import { portfolioPage, watchCode } from "../services/lenders/watches";
import { documentedRoutes, jsonAnswer, jsonBody } from "./contract";
import { csvAnswer } from "./exports";

const portfolio = createRoute({
  method: "get",
  path: "/",
  middleware: [requireUser, requireCompanyUser, requireLenderOrganisation] as const,
  request: { query: portfolioQuerySchema },
  responses: { 200: jsonAnswer(pageAnswer(watchedCodeAnswer), "One page of the lender's watched codes, newest first") },
});

const watch = createRoute({
  method: "post",
  path: "/",
  middleware: [requireUser, requireCompanyUser, requireLenderOrganisation, requireActiveCompany] as const,
  request: jsonBody(watchCodeSchema),
  responses: { 201: jsonAnswer(watchedCodeAnswer, "The code, watched from now on") },
});

const exportPortfolio = createRoute({
  method: "get",
  path: "/export.csv",
  middleware: [requireUser, requireCompanyUser, requireLenderOrganisation] as const,
  request: { query: portfolioExportQuerySchema },
  responses: { 200: csvAnswer("The Portfolio, with its filter.", PORTFOLIO_EXPORT_HEADER) },
});

/**
 * A lender's Portfolio (/api/watches): the codes it watches (every reliance is a watch), one page at
 * a time with its one filter, as a CSV file, and a code watched without relying on it.
 */
export const watchRoutes = documentedRoutes()
  .openapi(portfolio, async (c) =>
    c.json(await portfolioPage(c.var.db, currentCompanyId(c), c.req.valid("query")), 200),
  )
  .openapi(watch, async (c) => {
    const lender = { companyId: currentCompanyId(c), userId: c.var.user.id };
    await spendTypedCodeBudget(c, c.req.valid("json").code);
    return c.json(await watchCode(c.var.db, lender, c.req.valid("json").code), 201);
  })
  .openapi(exportPortfolio, async (c) => {
    const companyId = currentCompanyId(c);
    await enforceRateLimit(c, "EXPORT_LIMITER", `export:${companyId}`);
    const file = await portfolioCsv(c.var.db, publicOrigin(c), companyId, c.req.valid("query").show);
    return c.body(file, 200, csvHeaders(exportFileName("portfolio")));
  });
