import { createRoute } from "@hono/zod-openapi";
import { platformFiguresAnswer } from "#schema/responses/index.ts";
import { platformFiguresForVisit } from "#worker/services/companies/platform-figures.ts";
import { documentedRoutes, jsonAnswer } from "../contract";

const readFigures = createRoute({
  method: "get",
  path: "/",
  responses: { 200: jsonAnswer(platformFiguresAnswer, "The figures as last counted, with when") },
});

/**
 * GET /api/public/platform-figures: what the landing page's tiles show, counted from the platform
 * at most once an hour (decision 053). Reading one row costs a visit nothing; browsers keep it five minutes.
 */
export const platformFigureRoutes = documentedRoutes().openapi(readFigures, async (c) => {
  const figures = await platformFiguresForVisit(c.var.db, (work) => c.executionCtx.waitUntil(work));
  const { verifiedFirms, codesIssued, scansThisMonth, countedAt } = figures;
  return c.json({ verifiedFirms, codesIssued, scansThisMonth, countedAt }, 200, {
    "Cache-Control": "public, max-age=300",
  });
});
