/** The parts of a person that name them: the signed-in user, a team member, a status change's actor. */
interface Person {
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/** First and last name; otherwise the part of the email before the @; otherwise "User". */
export function displayName(user: Person | null | undefined): string {
  const full = [user?.firstName, user?.lastName].filter(Boolean).join(" ").trim();
  if (full) return full;
  const local = user?.email?.split("@")[0];
  return local || "User";
}

/** Avatar initial; "U" when nothing better is known. */
export function avatarInitial(user: Person | null | undefined): string {
  const source = user?.firstName || user?.email || "";
  return (source.trim()[0] ?? "U").toUpperCase();
}
