import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { messageAnswer, pendingInviteAnswer, teamAnswer } from "#schema/responses/index.ts";
import { queueEmails } from "../request/after-response";
import { displayName } from "#schema/display-name.ts";
import { inviteSchema } from "#schema/validation/team.ts";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../request/company";
import { badRequest, notFound } from "../lib/errors";
import { parseId } from "../lib/validation";
import {
  requireActiveCompany,
  requireCompanyOwner,
  requireCompanyUser,
  requireConfirmedEmail,
  requireUser,
} from "../middleware/auth";
import { enforceRateLimit } from "../middleware/rate-limit";
import { cancelInvite, createInvite, listTeam, removeMember, resendInvite } from "../services/accounts/team";
import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam } from "./contract";

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

const readTeam = createRoute({
  method: "get",
  path: "/",
  middleware: [requireUser, requireCompanyUser, teamOwner] as const,
  responses: { 200: jsonAnswer(teamAnswer, "The members, oldest first, and the pending invites, newest first") },
});

const invite = createRoute({
  method: "post",
  path: "/invites",
  middleware: [requireUser, requireCompanyUser, teamOwner, requireActiveCompany, inviting] as const,
  request: jsonBody(inviteSchema),
  responses: { 201: jsonAnswer(pendingInviteAnswer, "The invite; its link is emailed to the address only") },
});

const resend = createRoute({
  method: "post",
  path: "/invites/{id}/resend",
  middleware: [requireUser, requireCompanyUser, teamOwner, requireActiveCompany, inviting] as const,
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(pendingInviteAnswer, "The invite with a new link and expiry") },
});

const cancel = createRoute({
  method: "delete",
  path: "/invites/{id}",
  middleware: [requireUser, requireCompanyUser, teamOwner] as const,
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(messageAnswer, "The invite is cancelled") },
});

const removeOne = createRoute({
  method: "delete",
  path: "/members/{id}",
  middleware: [requireUser, requireCompanyUser, teamOwner] as const,
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(messageAnswer, "The member is removed") },
});

/** The company owner's team: members and pending invites (members may not manage it). */
export const teamRoutes = documentedRoutes()
  .openapi(readTeam, async (c) => {
    const { user } = c.var;
    return c.json(await listTeam(c.var.db, currentCompanyId(c), user.id), 200);
  })
  .openapi(invite, async (c) => {
    const { email } = c.req.valid("json");
    const companyId = currentCompanyId(c);
    await limitInvitations(c, companyId, email);
    const { invite, email: message } = await createInvite(c.var.transactional(), companyId, inviter(c), email);
    queueEmails(c, [message]);
    return c.json(invite, 201);
  })
  .openapi(resend, async (c) => {
    const id = parseId(c.req.valid("param").id, "Invite not found");
    const companyId = currentCompanyId(c);
    // An invite names one address, so its id keys the per-address limit before the link is replaced.
    await enforceRateLimit(c, "AUTH_IP_LIMITER", `invite:company:${companyId}`);
    await enforceRateLimit(c, "EMAIL_LIMITER", `invite-resend:${id}`);
    const resent = await resendInvite(c.var.transactional(), companyId, inviter(c), id);
    if (!resent) throw notFound("Invite not found");
    queueEmails(c, [resent.email]);
    return c.json(resent.invite, 200);
  })
  .openapi(cancel, async (c) => {
    const id = parseId(c.req.valid("param").id, "Invite not found");
    if (!(await cancelInvite(c.var.transactional(), c.var.user, currentCompanyId(c), id))) {
      throw notFound("Invite not found");
    }
    return c.json({ message: "Invite cancelled" }, 200);
  })
  .openapi(removeOne, async (c) => {
    const id = parseId(c.req.valid("param").id, "Member not found");
    if (id === c.var.user.id) throw badRequest("You cannot remove yourself from the company");
    if (!(await removeMember(c.var.transactional(), c.var.user, currentCompanyId(c), id))) {
      throw notFound("Member not found");
    }
    return c.json({ message: "Member removed" }, 200);
  });
