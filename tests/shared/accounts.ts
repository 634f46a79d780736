/**
 * Test accounts both runtimes' fixtures use: plain values with no imports, so the API fixtures
 * (in workerd) and the browser fixtures (in Node) load the same definitions.
 */

/** The password of every owner a fixture registers. */
export const OWNER_PASSWORD = "correct-horse-battery";

/** The password of every member who joins through a fixture's invite. */
export const MEMBER_PASSWORD = "member-passw0rd";

/** The name a member gives when accepting an invite, unless a test says otherwise. */
export const MEMBER_NAME = { firstName: "Mary", lastName: "Member" } as const;

/** A POST /api/register body: Olive Owner, registering a company in Nairobi. */
export function ownerRegistration(email: string, companyName: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Olive",
    lastName: "Owner",
    name: companyName,
    email,
    phone: "+254700000001",
    location: "Nairobi",
    password: OWNER_PASSWORD,
    confirmPassword: OWNER_PASSWORD,
    ...overrides,
  };
}
