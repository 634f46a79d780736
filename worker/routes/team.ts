import { Hono, type Context } from "hono";
import { queueEmails } from "../request/after-response";
import { displayName } from "../../schema/display-name";
import { inviteSchema } from "../../schema/validation/team";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../request/company";
import { badRequest, notFound } from "../lib/errors";
import { parseId, validate } from "../lib/validation";
import {
  requireActiveCompany,
  requireCompanyOwner,
  requireCompanyUser,
  requireConfirmedEmail,
  requireUser,
} from "../middleware/auth";
import { enforceRateLimit } from "../middleware/rate-limit";
import { cancelInvite, createInvite, listTeam, removeMember, resendInvite } from "../services/team";

const teamOwner = requireCompanyOwner("Only the company owner can manage the team");

/** Invitations are emails: limited per company and per invited address, whoever the address belongs to. */
async function limitInvitations(c: Context<AppEnv>, companyId: number, email: string) {
  await enforceRateLimit(c, "AUTH_IP_LIMITER", `invite:company:${companyId}`);
  await enforceRateLimit(c, "EMAIL_LIMITER", `invite:${email.toLowerCase()}`);
}

const inviting = requireConfirmedEmail("invite your team");

const inviter = (c: Context<AppEnv>) => ({
  id: c.var.user.id,
  email: c.var.user.email,
  name: displayName(c.var.user),
  companyName: c.var.user.company?.name ?? "",
});

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
    inviting,
    validate("json", inviteSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      const companyId = currentCompanyId(c);
      await limitInvitations(c, companyId, email);
      const { invite, email: message } = await createInvite(c.var.transactional(), companyId, inviter(c), email);
      queueEmails(c, [message]);
      return c.json(invite, 201);
    },
  )
  .post(
    "/invites/:id/resend",
    requireUser,
    requireCompanyUser,
    teamOwner,
    requireActiveCompany,
    inviting,
    async (c) => {
      const id = parseId(c.req.param("id"), "Invite not found");
      const companyId = currentCompanyId(c);
      // An invite names one address, so its id keys the per-address limit before the link is replaced.
      await enforceRateLimit(c, "AUTH_IP_LIMITER", `invite:company:${companyId}`);
      await enforceRateLimit(c, "EMAIL_LIMITER", `invite-resend:${id}`);
      const resent = await resendInvite(c.var.transactional(), companyId, inviter(c), id);
      if (!resent) throw notFound("Invite not found");
      queueEmails(c, [resent.email]);
      return c.json(resent.invite);
    },
  )
  .delete("/invites/:id", requireUser, requireCompanyUser, teamOwner, async (c) => {
    const id = parseId(c.req.param("id"), "Invite not found");
    if (!(await cancelInvite(c.var.transactional(), c.var.user, currentCompanyId(c), id))) {
      throw notFound("Invite not found");
    }
    return c.json({ message: "Invite cancelled" });
  })
  .delete("/members/:id", requireUser, requireCompanyUser, teamOwner, async (c) => {
    const id = parseId(c.req.param("id"), "Member not found");
    if (id === c.var.user.id) throw badRequest("You cannot remove yourself from the company");
    if (!(await removeMember(c.var.transactional(), c.var.user, currentCompanyId(c), id))) {
      throw notFound("Member not found");
    }
    return c.json({ message: "Member removed" });
  });
