import { Hono } from "hono";
import { sealRegistrationSchema } from "../../../schema/validation/seals";
import type { AppEnv } from "../../env";
import { currentCompanyId } from "../../request/company";
import { recordSigning } from "../../request/record-signing";
import { validate } from "../../lib/validation";
import { requireActiveCompany, requireCompanyUser, requireConfirmedEmail, requireUser } from "../../middleware/auth";
import { listSeals, registerSeal } from "../../services/seals";

/**
 * A code's sealed reports (/api/qr-codes/:id/seals): the browser stamps the PDF and sends only its
 * fingerprints; sealing is issuing, so it needs what issuing a code needs.
 */
export const codeSealRoutes = new Hono<AppEnv>()
  .post(
    "/:id/seals",
    requireUser,
    requireCompanyUser,
    requireActiveCompany,
    requireConfirmedEmail(),
    validate("json", sealRegistrationSchema),
    async (c) => {
      const seal = await registerSeal(
        c.var.transactional(),
        await recordSigning(c),
        c.var.user,
        currentCompanyId(c),
        c.req.param("id"),
        c.req.valid("json"),
      );
      return c.json(seal, 201);
    },
  )
  .get("/:id/seals", requireUser, requireCompanyUser, async (c) =>
    c.json(await listSeals(c.var.db, currentCompanyId(c), c.req.param("id"))),
  );
