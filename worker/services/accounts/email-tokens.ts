import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { EmailTokenPurpose } from "#schema/limits/accounts.ts";
import { emailTokens } from "#schema/tables.ts";
import type { Database, Queryable, Transaction } from "#worker/db.ts";
import type { EmailMessage, EmailScope } from "#worker/lib/email-templates.ts";
import { randomToken, sha256Hex } from "#worker/lib/random.ts";

/** 32 base62 characters (about 190 bits): a link can never be guessed. */
const EMAIL_TOKEN_LENGTH = 32;
const TOKEN_SHAPE = new RegExp(`^[A-Za-z0-9]{${EMAIL_TOKEN_LENGTH}}$`);
const HOUR_MS = 60 * 60 * 1000;

interface TokenRequest {
  userId: number;
  companyId?: number;
  purpose: EmailTokenPurpose;
  email: string;
  validHours: number;
}

/**
 * The emails of a requested change of address (a user's sign-in email or a company's): the link
 * to the new address, and a notice to the current one. The request is answered the same whether
 * or not another account or company already has the address (decision 027's rule for
 * registration): only that address's own mailbox learns it is taken, in an email without a link.
 * Following a link to a taken address is refused anyway.
 */
export function emailChangeMessages(change: {
  from: string;
  to: string;
  token: string;
  scope: EmailScope;
  taken: boolean;
}): EmailMessage[] {
  const { from, to, token, scope, taken } = change;
  return [
    taken ? { kind: "change-email-taken", to, scope } : { kind: "change-email", to, token, scope },
    { kind: "email-change-requested", to: from, newEmail: to, scope },
  ];
}

/**
 * A new one-time link for the user and purpose. Only its hash is stored, and issuing it retires
 * every earlier unused link of the same user and purpose, so only the newest email works.
 */
export async function issueEmailToken(db: Queryable, request: TokenRequest): Promise<string> {
  const token = randomToken(EMAIL_TOKEN_LENGTH);
  const tokenHash = await sha256Hex(token);
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(emailTokens.userId, request.userId), eq(emailTokens.purpose, request.purpose), isNull(emailTokens.usedAt)),
    );
  await db.insert(emailTokens).values({
    userId: request.userId,
    companyId: request.companyId ?? null,
    purpose: request.purpose,
    email: request.email,
    tokenHash,
    expiresAt: new Date(Date.now() + request.validHours * HOUR_MS),
  });
  return token;
}

/**
 * Retires every unused link of the user, whatever its purpose: a password reset or change ends
 * what anyone holding the old password may have set in motion (an email change to their address
 * among them), and the links still to come are only the ones asked for afterwards.
 */
export async function retireEmailTokens(db: Pick<Queryable, "update">, userId: number) {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
}

/**
 * Uses a link up, or answers null when it is unknown, expired, already used or of another purpose.
 * The UPDATE guarded by "not yet used" is the claim, so two simultaneous uses cannot both succeed.
 */
export async function consumeEmailToken(tx: Transaction, token: string, purposes: readonly EmailTokenPurpose[]) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [claimed] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, await sha256Hex(token)),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
        inArray(emailTokens.purpose, [...purposes]),
      ),
    )
    .returning({
      userId: emailTokens.userId,
      companyId: emailTokens.companyId,
      purpose: emailTokens.purpose,
      email: emailTokens.email,
    });
  return claimed ?? null;
}

/** The address a pending change of a user's or a company's email would switch to, while its link is live. */
export async function pendingEmailChange(
  db: Database,
  owner: { userId: number } | { companyId: number },
  purpose: EmailTokenPurpose,
) {
  const [pending] = await db
    .select({ email: emailTokens.email, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(
      and(
        "userId" in owner ? eq(emailTokens.userId, owner.userId) : eq(emailTokens.companyId, owner.companyId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailTokens.createdAt), desc(emailTokens.id))
    .limit(1);
  return pending ?? null;
}
