import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginFailures } from "#schema/tables.ts";
import { withDb } from "./fixtures/database";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { api, randomIp } from "./fixtures/http";

const signIn = (email: string, password: string, ip: string) => api("/api/login", { body: { email, password }, ip });

describe("sign-in under attack", () => {
  it("never refuses a correct password from a fresh address because of other addresses' failures", async () => {
    const owner = await registerOwnerViaServices();
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn(owner.email, `wrong-${i}`, randomIp())).status).toBe(401);
    }
    const fresh = await signIn(owner.email, owner.password, randomIp());
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.email).toBe(owner.email);
  });

  it("protects administrators the same way", async () => {
    const admin = await createAdminViaDb();
    for (let i = 0; i < 10; i += 1) await signIn(admin.email, `wrong-${i}`, randomIp());
    expect((await signIn(admin.email, admin.password, randomIp())).status).toBe(200);
  });

  it("backs off an address that keeps failing against an email, even with the right password, then lets it in", async () => {
    const owner = await registerOwnerViaServices();
    const attacker = randomIp();
    const statuses: number[] = [];
    // Five free failures, then each failure makes that address wait longer (1 s, 2 s, 4 s, …).
    // The loop waits out each refusal and guesses again until the wait has grown to 4 s.
    let wait = 0;
    while (wait < 4) {
      const res = await signIn(owner.email, `guess-${statuses.length}`, attacker);
      statuses.push(res.status);
      if (res.status === 429) {
        wait = Number(res.headers.get("Retry-After"));
        if (wait < 4) await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
      }
      expect(statuses.length).toBeLessThan(20);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const refused = await signIn(owner.email, owner.password, attacker);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many failed sign-ins. Please wait a moment and try again.");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);

    // Meanwhile the owner, from their own address, signs in.
    expect((await signIn(owner.email, owner.password, randomIp())).status).toBe(200);
    // And once the wait is over, the right password from the failing address works too.
    await new Promise((resolve) => setTimeout(resolve, Number(refused.headers.get("Retry-After")) * 1000 + 200));
    expect((await signIn(owner.email, owner.password, attacker)).status).toBe(200);
  });

  it("lets the owner in after one typo while a guesser spread over many networks is held back", async () => {
    const owner = await registerOwnerViaServices();
    for (let i = 0; i < 30; i += 1) {
      expect((await signIn(owner.email, `spread-${i}`, randomIp())).status).toBe(401);
    }
    const home = randomIp();
    expect((await signIn(owner.email, "a typo of mine", home)).status).toBe(401);
    const signedIn = await signIn(owner.email, owner.password, home);
    expect(signedIn.status).toBe(200);

    // A network that keeps failing for this email meets the email's ceiling, even with the right password.
    const guesser = randomIp();
    expect((await signIn(owner.email, "guess one", guesser)).status).toBe(401);
    expect((await signIn(owner.email, "guess two", guesser)).status).toBe(401);
    const held = await signIn(owner.email, owner.password, guesser);
    expect(held.status).toBe(429);
    expect(held.body.message).toBe("Too many failed sign-ins. Please wait a moment and try again.");
  });

  it("answers an unknown email like a wrong password, and counts it", async () => {
    const ip = randomIp();
    const res = await signIn("nobody-at-all@example.com", "whatever-password", ip);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Invalid email or password");
    const [counted] = await withDb((db) =>
      db.select().from(loginFailures).where(eq(loginFailures.key, "email:nobody-at-all@example.com")),
    );
    expect(counted?.failures).toBeGreaterThanOrEqual(1);
  });
});
