/** The parts of a person that name them, on screens and in emails: a user, a team member, an actor. */
export interface Person {
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
