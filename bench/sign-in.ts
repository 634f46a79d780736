import type pg from "pg";
import { EARLIER_STANDARD, hashPasswordWithCost } from "../worker/lib/passwords";
import { BENCH_PASSWORD, registerCompany } from "./accounts";
import { startBuiltServer } from "./built-server";
import { expectJson } from "./http";
import { cpuMs, quietMachine } from "./measure";

/** Accounts signed in, twice each (the per-email sign-in limit is 10 a minute). */
export const SIGN_IN_ACCOUNTS = 10;

export interface SignInCost {
  /** workerd CPU per GET /api/auth/user: a signed-in request without a password. */
  baselineMs: number;
  /** workerd CPU per POST /api/login at today's cost. */
  signInMs: number;
  /** The same for a hash made at the earlier cost: verified at that cost, then replaced at today's. */
  earlierSignInMs: number;
  /** The whole machine's CPU use (cores) in the second before the sign-ins were timed. */
  machineLoad: number;
}

/**
 * workerd's CPU per sign-in with production's password hashing, on the production build (as
 * deployed) started for it alone on `databaseUrl`: the dev server's workerd carries Vite's module
 * runner and whatever the earlier sections left in its memory.
 */
export async function benchSignIn(databaseUrl: string, pool: pg.Pool): Promise<SignInCost> {
  const server = await startBuiltServer(databaseUrl);
  try {
    return await signInCost(server.origin, [server.workerd], pool);
  } finally {
    await server.stop();
  }
}

async function signInCost(origin: string, pids: number[], pool: pg.Pool): Promise<SignInCost> {
  const accounts = [];
  for (let index = 0; index < SIGN_IN_ACCOUNTS; index += 1) {
    accounts.push(await registerCompany(origin, pool, `signin${index}`, `Bench Sign-in ${index} Valuers`));
  }
  const signIn = (email: string) =>
    expectJson(200, origin, "/api/login", { body: { email, password: BENCH_PASSWORD } });

  const machineLoad = await quietMachine();
  let before = cpuMs(pids);
  for (const account of accounts) {
    await expectJson(200, origin, "/api/auth/user", { token: account.token });
    await expectJson(200, origin, "/api/auth/user", { token: account.token });
  }
  const baselineMs = (cpuMs(pids) - before) / (2 * accounts.length);

  before = cpuMs(pids);
  for (const account of accounts) {
    await signIn(account.email);
    await signIn(account.email);
  }
  const signInMs = (cpuMs(pids) - before) / (2 * accounts.length);

  for (const account of accounts) {
    const earlier = await hashPasswordWithCost(BENCH_PASSWORD, EARLIER_STANDARD);
    await pool.query("UPDATE users SET password = $1 WHERE id = $2", [earlier, account.userId]);
  }
  before = cpuMs(pids);
  for (const account of accounts) await signIn(account.email);
  const earlierSignInMs = (cpuMs(pids) - before) / accounts.length;
  const { rows } = await pool.query<{ replaced: string }>(
    "SELECT count(*) AS replaced FROM users WHERE id = ANY($1::int[]) AND password NOT LIKE 'scrypt$32768$%'",
    [accounts.map((account) => account.userId)],
  );
  if (Number(rows[0]!.replaced) !== accounts.length) throw new Error("a sign-in left an earlier-cost hash in place");
  return { baselineMs, signInMs, earlierSignInMs, machineLoad };
}
