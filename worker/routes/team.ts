import { Hono } from "hono";
import { inviteSchema } from "../../schema/validation/team";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../lib/company";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { publicOrigin } from "../lib/public-address";
import { parseId, validate } from "../lib/validation";
import { requireActiveCompany, requireCompanyOwner, requireCompanyUser, requireUser } from "../middleware/auth";
import { EMAIL_TAKEN } from "../services/accounts";
import { cancelInvite, createInvite, emailInUse, listTeam, removeMember } from "../services/team";

const INVITE_PATH = "/invite/";
const teamOwner = requireCompanyOwner("Only the company owner can manage the team");

/** The company owner's team: members and pending invites (members may not manage it). */
export const teamRoutes = new Hono<AppEnv>()
  .get("/", requireUser, requireCompanyUser, teamOwner, async (c) => {
    const { user } = c.var;
    return c.json(await listTeam(c.var.db, currentCompanyId(c), user.id));
  })
  .post(
    "/invites",
    requireUser,
    requireCompanyUser,
    teamOwner,
    requireActiveCompany,
    validate("json", inviteSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      if (await emailInUse(c.var.db, email)) throw new ApiError(409, EMAIL_TAKEN);
      const { invite, token } = await createInvite(c.var.db, currentCompanyId(c), c.var.user.id, email);
      return c.json({ ...invite, inviteUrl: `${publicOrigin(c)}${INVITE_PATH}${token}` }, 201);
    },
  )
  .delete("/invites/:id", requireUser, requireCompanyUser, teamOwner, async (c) => {
    const id = parseId(c.req.param("id"), "Invite not found");
    if (!(await cancelInvite(c.var.db, currentCompanyId(c), id))) throw notFound("Invite not found");
    return c.json({ message: "Invite cancelled" });
  })
  .delete("/members/:id", requireUser, requireCompanyUser, teamOwner, async (c) => {
    const id = parseId(c.req.param("id"), "Member not found");
    if (id === c.var.user.id) throw badRequest("You cannot remove yourself from the company");
    if (!(await removeMember(c.var.db, currentCompanyId(c), id))) throw notFound("Member not found");
    return c.json({ message: "Member removed" });
  });
