import pg from "pg";
import { inject } from "vitest";
import { apiCall, registerOwnerViaApi, uniqueEmail } from "./browser";

/**
 * Makes a registered user a platform administrator, directly in the database: like
 * `npm run admin:create`, there is deliberately no API for it.
 */
export async function promoteToAdmin(userId: number) {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    await client.query("UPDATE users SET role = 'admin', company_id = NULL WHERE id = $1", [userId]);
  } finally {
    await client.end();
  }
}

/** A fresh administrator: registered through the API, promoted in the database, then signed in for a token. */
export async function createAdminViaDb() {
  const registered = await registerOwnerViaApi({ email: uniqueEmail("admin"), firstName: "Ada", lastName: "Admin" });
  await promoteToAdmin(registered.user.id);
  const { token } = await apiCall<{ token: string }>("/api/login", {
    body: { email: registered.email, password: registered.password },
  });
  return { id: registered.user.id, email: registered.email, token };
}
