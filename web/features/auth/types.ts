export interface SessionUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  isActive: boolean;
  profileImageUrl: string | null;
  companyId: number | null;
  createdAt: string;
  company: { id: number; name: string; ownerId: number; isActive: boolean } | null;
}

export interface SignedIn {
  token: string;
  user: SessionUser;
}

/** SPEC 2: first and last name; otherwise the part of the email before the @; otherwise "User". */
export function displayName(user: Pick<SessionUser, "firstName" | "lastName" | "email"> | null | undefined): string {
  const full = [user?.firstName, user?.lastName].filter(Boolean).join(" ").trim();
  if (full) return full;
  const local = user?.email?.split("@")[0];
  return local || "User";
}

/** Avatar initial; "U" when nothing better is known. */
export function avatarInitial(user: Pick<SessionUser, "firstName" | "lastName" | "email"> | null | undefined): string {
  const source = user?.firstName || user?.email || "";
  return (source.trim()[0] ?? "U").toUpperCase();
}
