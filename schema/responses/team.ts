import { z } from "zod";
import { rowId, timestamp } from "./fields";

const teamMemberAnswer = z.strictObject({
  id: rowId,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: timestamp,
  isOwner: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberAnswer>;

/**
 * An invite not yet accepted and not yet expired; also the answer of POST /api/team/invites and
 * POST /api/team/invites/:id/resend. The one-time link is only ever emailed to the invited
 * address, never shown to the inviter.
 */
export const pendingInviteAnswer = z.strictObject({
  id: rowId,
  email: z.string(),
  expiresAt: timestamp,
  createdAt: timestamp,
});
export type PendingInvite = z.infer<typeof pendingInviteAnswer>;
export type CreatedInvite = PendingInvite;

/** GET /api/team (owner only): the company's members, oldest first, and its pending invites, newest first. */
export const teamAnswer = z.strictObject({ members: z.array(teamMemberAnswer), invites: z.array(pendingInviteAnswer) });
export type Team = z.infer<typeof teamAnswer>;

/** GET /api/invites/:token (public): what the invitee sees before joining. */
export const inviteDetailsAnswer = z.strictObject({
  companyName: z.string(),
  email: z.string(),
  expiresAt: timestamp,
  hasAccount: z.boolean().meta({
    description: "The address already has an account, which belongs to one company: the invite cannot be accepted",
  }),
});
export type InviteDetails = z.infer<typeof inviteDetailsAnswer>;
