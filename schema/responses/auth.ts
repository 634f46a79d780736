/** The company a signed-in user works for, as the session carries it. */
export interface SessionCompany {
  id: number;
  name: string;
  ownerId: number;
  isActive: boolean;
}

/**
 * The public view of a user, never the password hash: GET /api/auth/user, PUT /api/profile, and
 * the `user` of every sign-in answer. Administrators have no company.
 */
export interface PublicUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  isActive: boolean;
  profileImageUrl: string | null;
  companyId: number | null;
  createdAt: Date;
  company: SessionCompany | null;
  /** Whether the user has followed the confirmation link sent to `email`; codes need it. */
  emailVerified: boolean;
  /** A member's choice to receive the company's scan alert emails (the owner always does). */
  scanAlertEmails: boolean;
  secondFactor: {
    /** Two-step sign-in is on for the account. */
    enabled: boolean;
    /** This session proved it (at sign-in, or by setting it up). */
    verified: boolean;
    /** Who requires it of this user: administrators always, members when their company says so. */
    requiredBy: "administrator" | "company" | null;
  };
}

/** GET /api/profile/email: the sign-in email, and a change awaiting confirmation by the new address. */
export interface ProfileEmail {
  email: string;
  emailVerified: boolean;
  pending: PendingEmailChange | null;
}

/** An email change that takes effect when the new address follows its link (before `expiresAt`). */
export interface PendingEmailChange {
  email: string;
  expiresAt: Date;
}

/** POST /api/auth/confirm-email: what the followed link confirmed. */
export interface ConfirmedEmail {
  message: string;
  purpose: "confirm-email" | "change-user-email" | "change-company-email";
  email: string;
}

/**
 * POST /api/register, POST /api/login and POST /api/invites/:token/accept: the bearer token of the
 * new session and the user it belongs to.
 */
export interface SignedIn {
  token: string;
  user: PublicUser;
}

/**
 * POST /api/register: the same answer whether or not the email already had an account (the email
 * sent says which); the new account signs in once the owner chooses to.
 */
export interface RegistrationSent {
  message: string;
  email: string;
}
