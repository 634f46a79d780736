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
 * POST /api/team/invites: the one-time link is only ever in this answer, since the server keeps
 * the hash of its token, not the token.
 */
export interface CreatedInvite {
  id: number;
  email: string;
  expiresAt: Date;
  inviteUrl: string;
}

/** GET /api/invites/:token (public): what the invitee sees before joining. */
export interface InviteDetails {
  companyName: string;
  email: string;
  expiresAt: Date;
}
