import { displayName, type Person } from "#schema/display-name.ts";

export { displayName };

/** Avatar initial; "U" when nothing better is known. */
export function avatarInitial(user: Person | null | undefined): string {
  const source = user?.firstName || user?.email || "";
  return (source.trim()[0] ?? "U").toUpperCase();
}
