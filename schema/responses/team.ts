export interface TeamMember {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isActive: boolean;
  createdAt: Date;
  isOwner: boolean;
}

/** An invite not yet accepted and not yet expired. */
export interface PendingInvite {
  id: number;
  email: string;
  expiresAt: Date;
  createdAt: Date;
}

/** GET /api/team (owner only): the company's members, oldest first, and its pending invites, newest first. */
export interface Team {
  members: TeamMember[];
  invites: PendingInvite[];
}

/**
 * POST /api/team/invites and POST /api/team/invites/:id/resend: the invite as the list shows it.
 * The one-time link is only ever emailed to the invited address, never shown to the inviter.
 */
export type CreatedInvite = PendingInvite;

/** GET /api/invites/:token (public): what the invitee sees before joining. */
export interface InviteDetails {
  companyName: string;
  email: string;
  expiresAt: Date;
  /** The address already has an account, which belongs to one company: the invite cannot be accepted. */
  hasAccount: boolean;
}
