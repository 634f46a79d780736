import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { DAY_MS } from "#schema/limits.ts";
import { API_KEY_PREFIX, API_KEY_SCOPES_BY_KIND, type ApiKeyScope } from "#schema/limits/integration.ts";
import { apiKeys, companies, users } from "#schema/tables.ts";
import type { createApiKeySchema } from "#schema/validation/api-keys.ts";
import type { z } from "zod";
import type { Database, Transaction } from "#worker/db.ts";
import { ApiError, badRequest, notFound } from "#worker/lib/errors.ts";
import { randomToken, sha256Hex } from "#worker/lib/random.ts";
import { recordAudit, type Actor } from "../companies/audit";

/** Base62 characters after the prefix: ~190 random bits. */
const KEY_LENGTH = 32;
const KEY_FORMAT = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${KEY_LENGTH}}$`);
const PUBLIC_ID_FORMAT = /^[A-Za-z0-9]{16}$/;
/** Live keys a company may hold: one per program is the point, and each has its own rate budget. */
const LIVE_KEYS_MAX = 25;
/** A key's last use is written at most this often, so a busy integration does not write on every call. */
const LAST_USE_RESOLUTION_MS = 60_000;

const API_KEY_NOT_FOUND = "API key not found";
const INVALID_API_KEY = "This API key is not valid. Check it, or make a new one in Settings → Developers → API Keys.";

const summaryColumns = {
  id: apiKeys.publicId,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  lastFour: apiKeys.lastFour,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdBy: users.email,
};

/** Whether a bearer credential is one of our API keys rather than a session token. */
export const isApiKey = (credential: string) => credential.startsWith(API_KEY_PREFIX);

/** Whether a credential could be a key we made at all; anything else is refused without a lookup. */
const hasKeyFormat = (credential: string) => KEY_FORMAT.test(credential);

/** The company's keys, newest first, revoked ones included (they say when they were revoked). */
export function listApiKeys(db: Database, companyId: number) {
  return db
    .select(summaryColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdById))
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Makes a key; the answer is the only place the key itself ever appears. */
export async function createApiKey(
  tx: Transaction,
  owner: Actor,
  companyId: number,
  input: Omit<z.output<typeof createApiKeySchema>, "currentPassword">,
) {
  // The company's row is the lock that keeps two concurrent requests from passing the cap together.
  const [company] = await tx
    .select({ kind: companies.kind })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  // A firm's keys do a firm's work, a lender's a lender's (API_KEY_SCOPES_BY_KIND).
  const allowed = API_KEY_SCOPES_BY_KIND[company?.kind ?? "issuer"];
  const foreign = input.scopes.filter((scope) => !allowed.includes(scope));
  if (foreign.length > 0) {
    throw badRequest(
      "Validation failed",
      foreign.map((scope) => `scopes: ${scope} is not a permission your organisation's keys can have`),
    );
  }
  const live = await tx.$count(apiKeys, and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
  if (live >= LIVE_KEYS_MAX) {
    throw badRequest(`A company can have ${LIVE_KEYS_MAX} live API keys. Revoke one you no longer use first.`);
  }
  const key = `${API_KEY_PREFIX}${randomToken(KEY_LENGTH)}`;
  const expiresAt = input.lifetime === "never" ? null : new Date(Date.now() + Number(input.lifetime) * DAY_MS);
  const [created] = await tx
    .insert(apiKeys)
    .values({
      publicId: randomToken(16),
      companyId,
      createdById: owner.id,
      name: input.name,
      scopes: input.scopes,
      keyHash: await sha256Hex(key),
      lastFour: key.slice(-4),
      expiresAt,
    })
    .returning({ id: apiKeys.id, publicId: apiKeys.publicId, createdAt: apiKeys.createdAt });
  await recordAudit(tx, owner, [
    {
      action: "company.api_key_created",
      targetType: "company",
      targetId: companyId,
      details: { key: created!.publicId, name: input.name, scopes: input.scopes, expiresAt },
    },
  ]);
  return {
    key,
    apiKey: {
      id: created!.publicId,
      name: input.name,
      scopes: input.scopes,
      lastFour: key.slice(-4),
      createdAt: created!.createdAt,
      expiresAt,
      lastUsedAt: null,
      revokedAt: null,
      createdBy: owner.email,
    },
  };
}

/** Revokes one key of the company at once; revoking a revoked key changes nothing. */
export async function revokeApiKey(tx: Transaction, owner: Actor, companyId: number, publicId: string) {
  if (!PUBLIC_ID_FORMAT.test(publicId)) throw notFound(API_KEY_NOT_FOUND);
  const [revoked] = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.publicId, publicId), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .returning({ name: apiKeys.name });
  if (!revoked) {
    const [existing] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.publicId, publicId), eq(apiKeys.companyId, companyId)));
    if (!existing) throw notFound(API_KEY_NOT_FOUND);
    return;
  }
  await recordAudit(tx, owner, [
    {
      action: "company.api_key_revoked",
      targetType: "company",
      targetId: companyId,
      details: { key: publicId, name: revoked.name },
    },
  ]);
}

/**
 * Revokes every live key the given owners made, for the actions that end what rode on an
 * account: an administrator deactivating it, or a recovery of its password. The keys revoked.
 */
export async function revokeKeysMadeBy(tx: Transaction, actor: Actor | null, userIds: number[], reason: string) {
  if (userIds.length === 0) return [];
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(apiKeys.createdById, userIds), isNull(apiKeys.revokedAt)))
    .returning({ publicId: apiKeys.publicId, name: apiKeys.name, companyId: apiKeys.companyId });
  await recordAudit(
    tx,
    actor,
    revoked.map((key) => ({
      action: "company.api_key_revoked" as const,
      targetType: "company" as const,
      targetId: key.companyId,
      details: { key: key.publicId, name: key.name, reason },
    })),
  );
  return revoked;
}

/** What a request made with an API key may act as. */
export interface ApiKeyCaller {
  keyId: number;
  companyId: number;
  companyActive: boolean;
  /** The owner who made the key: codes issued with it are theirs. */
  userId: number;
  /** That owner's email, for the audit log of what the key changes and the emails it causes. */
  userEmail: string;
  companyName: string;
  scopes: ApiKeyScope[];
}

/**
 * The caller behind a key: a live key (not revoked, not expired) made by a user who is still
 * active and still owns the company. Anything else answers 401 with one message, so a caller
 * cannot tell a revoked key from a mistyped one. Its last use is written after the answer.
 */
export async function authenticateApiKey(
  db: Database,
  key: string,
  afterAnswer: (work: Promise<unknown>) => void,
): Promise<ApiKeyCaller> {
  if (!hasKeyFormat(key)) throw new ApiError(401, INVALID_API_KEY);
  const [found] = await db
    .select({
      keyId: apiKeys.id,
      companyId: apiKeys.companyId,
      companyActive: companies.isActive,
      userId: apiKeys.createdById,
      userEmail: users.email,
      companyName: companies.name,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .innerJoin(users, eq(users.id, apiKeys.createdById))
    .where(
      and(
        eq(apiKeys.keyHash, await sha256Hex(key)),
        isNull(apiKeys.revokedAt),
        sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
        eq(users.isActive, true),
        eq(companies.ownerId, apiKeys.createdById),
      ),
    )
    .limit(1);
  if (!found) throw new ApiError(401, INVALID_API_KEY);
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > LAST_USE_RESOLUTION_MS) {
    // execute(): a running statement. A query builder runs only once something awaits it, and
    // waitUntil is not bound to: handed the builder, the last use was never written.
    afterAnswer(
      db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(apiKeys.id, found.keyId))
        .execute(),
    );
  }
  const { lastUsedAt: _lastUsedAt, ...caller } = found;
  return caller;
}
