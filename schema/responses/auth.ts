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
}

/**
 * POST /api/register, POST /api/login and POST /api/invites/:token/accept: the bearer token of the
 * new session and the user it belongs to.
 */
export interface SignedIn {
  token: string;
  user: PublicUser;
}
