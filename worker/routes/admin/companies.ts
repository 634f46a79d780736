import { recordSigning } from "../../request/record-signing";
import { Hono } from "hono";
import {
  activeStatusSchema,
  ADMIN_PAGE_SIZE,
  adminCompanyListQuerySchema,
  companyVerificationSchema,
  resetPasswordSchema,
} from "../../../schema/validation/admin";
import type { AdminCompany } from "../../../schema/responses";
import type { AppEnv } from "../../env";
import { hashPassword } from "../../lib/passwords";
import { listOrPage } from "../../lib/pagination";
import { parseId, validate } from "../../lib/validation";
import {
  companySearch,
  countCompanies,
  decideCompanyVerification,
  loadCompanyDetails,
  resetOwnerPassword,
  selectCompanies,
  setCompanyActive,
} from "../../services/admin-companies";
import { COMPANY_NOT_FOUND } from "../../services/companies";

/** /api/admin/companies-detailed: every company with its owner's email and counts; `verification` filters the review queue. */
export const adminCompanyListRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", adminCompanyListQuerySchema),
  async (c) => {
    const query = c.req.valid("query");
    const where = companySearch(query.search, query.verification);
    return c.json(
      await listOrPage<AdminCompany>(
        query,
        ADMIN_PAGE_SIZE.default,
        (range) => selectCompanies(c.var.db, where, range),
        () => countCompanies(c.var.db, where),
      ),
    );
  },
);

/** /api/admin/companies/:id/…: one company's details, activation, identity verification and the owner's password. */
export const adminCompanyRoutes = new Hono<AppEnv>()
  .get("/:id/details", async (c) =>
    c.json(await loadCompanyDetails(c.var.db, parseId(c.req.param("id"), COMPANY_NOT_FOUND))),
  )
  .patch("/:id/status", validate("json", activeStatusSchema), async (c) => {
    const companyId = parseId(c.req.param("id"), COMPANY_NOT_FOUND);
    const { isActive } = c.req.valid("json");
    const company = await setCompanyActive(c.var.transactional(), c.var.user, companyId, isActive);
    return c.json({
      message: isActive ? "Company activated" : "Company deactivated",
      company: { id: company.id, isActive: company.isActive },
    });
  })
  .patch("/:id/reset-password", validate("json", resetPasswordSchema), async (c) => {
    const companyId = parseId(c.req.param("id"), COMPANY_NOT_FOUND);
    // Hashing is slow on purpose; it happens before the transaction so no rows stay locked meanwhile.
    const passwordHash = await hashPassword(c.req.valid("json").password, c.var.config.PASSWORD_HASHING);
    await resetOwnerPassword(c.var.transactional(), c.var.user, companyId, passwordHash);
    return c.json({ message: "Password reset successfully" });
  })
  .patch("/:id/verification", validate("json", companyVerificationSchema), async (c) => {
    const companyId = parseId(c.req.param("id"), COMPANY_NOT_FOUND);
    const decision = c.req.valid("json");
    const company = await decideCompanyVerification(
      c.var.transactional(),
      await recordSigning(c),
      c.var.user,
      companyId,
      decision,
    );
    return c.json({ message: decision.verified ? "Company verified" : "Company not verified", company });
  });
