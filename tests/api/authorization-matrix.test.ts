import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  invites,
  qrCodes,
  relianceLetterRequests,
  users,
  valuers,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "#schema/tables.ts";
import { recordWebhookEvents } from "#worker/services/integration/webhooks.ts";
import { DEMO_CERTIFICATE } from "#schema/demo-certificate.ts";
import { app } from "#worker/app.ts";
import { readConfig } from "#worker/config.ts";
import { startSession } from "#worker/services/accounts/sessions.ts";
import { OWNER_PASSWORD } from "../shared/accounts";
import { type Account, companyIdOf, registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { codeInput, createCodeViaApi, insertCode, verificationCount } from "./fixtures/codes";
import { createCompanyWithMember } from "./fixtures/companies";
import { withDb } from "./fixtures/database";
import { BILLING_DETAILS, paidPurchase, startPurchase } from "./fixtures/billing";
import { cancelledMpesaPurchaseInDb, endLivePromptsInDb } from "./fixtures/mpesa";
import { api, ORIGIN, unique } from "./fixtures/http";
import { acceptInviteViaApi, addMemberViaServices, insertInvite, inviteMemberViaApi } from "./fixtures/team";
import { SMALL_PDF, uploadedPractisingCertificate } from "./fixtures/register";
import { insertValuer } from "./fixtures/valuers";
import { runHourlyJobs } from "./fixtures/jobs";

/** The hourly jobs, run once for the health row: health answers 200 only once they have run. */
let hourlyJobsRun: Promise<void> | undefined;
import { linkIn, waitForEmail } from "../shared/inbox";

/**
 * Who may call what. One table lists every route of the app (a guard below fails when a
 * route is added without a row) and, for each actor, the status the real Worker must answer.
 * The whole matrix runs before anything is asserted, so one run reports every difference.
 */

const ACTORS = ["anonymous", "memberA", "ownerA", "ownerB", "deactivated", "deleted", "admin"] as const;
type ActorName = (typeof ACTORS)[number];
/** Expected statuses in ACTORS order. */
type Statuses = [number, number, number, number, number, number, number];

interface World {
  ownerA: Account;
  memberA: Account;
  companyA: number;
  valuerA: { id: number; name: string };
  codeA: { id: number; publicToken: string; propertyAddress: string; verificationCode: string };
  ownerB: Account;
  signInAccount: Account;
}

interface Actor {
  name: ActorName;
  token?: string;
  /** A session of its own for routes that end the session they are called with (logout). */
  freshToken: () => Promise<string | undefined>;
}

interface Call {
  path: string;
  body?: unknown;
  /** A file's media type, when the body is a file's bytes. */
  headers?: Record<string, string>;
}

interface Row {
  method: string;
  /** The route as Hono registers it; the guard compares these with app.routes. */
  route: string;
  expected: Statuses;
  /** Anyone may call it, so its answers may show company A's data (a certificate, an invite). */
  isPublic?: boolean;
  /** Call with a new session of the actor, because the call ends it. */
  endsSession?: boolean;
  /**
   * A static page of the production build (served through the ASSETS binding, which the API suite
   * runs without): listed so the guard knows it, answered in the browser tests (check-copy.test.ts).
   */
  builtPage?: boolean;
  /** Per call, so a destructive route always has its own object to act on. */
  target?: (world: World) => Promise<unknown>;
  request: (world: World, target: any) => Call;
}

/** A passkey's answer in the shape the browser sends, signed by nothing. */
const PASSKEY_ANSWER = (inner: Record<string, string>) => ({
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "e30", ...inner },
  clientExtensionResults: {},
});

const ALL = (status: number): Statuses => [status, status, status, status, status, status, status];
const SIGNED_IN = (status: number): Statuses => [401, status, status, status, 401, 401, status];
/** Company data: members and owners of their own company; admins have no company. */
const COMPANY_READ: Statuses = [401, 200, 200, 200, 401, 401, 403];
/** One of company A's objects by id: another company's owner is told it does not exist. */
const COMPANY_A_OBJECT: Statuses = [401, 200, 200, 404, 401, 401, 403];
/** Owner-only changes to the caller's own company. */
const OWNER_OF_OWN: Statuses = [401, 403, 200, 200, 401, 401, 403];
/** Owner-only changes to one of company A's objects. */
const OWNER_OF_A_OBJECT: Statuses = [401, 403, 200, 404, 401, 401, 403];
const ADMIN_ONLY: Statuses = [401, 403, 403, 403, 401, 401, 200];

function insertUser(values: Partial<typeof users.$inferInsert> = {}) {
  return withDb(async (db) => {
    const [user] = await db
      .insert(users)
      .values({ email: `${unique("target")}@example.com`, password: "not-a-usable-hash", ...values })
      .returning({ id: users.id, companyId: users.companyId });
    return user!;
  });
}

/** A company owner made directly in the database: the object of administrators' actions. */
async function insertCompanyOwner() {
  const owner = await insertUser();
  return withDb(async (db) => {
    const [company] = await db
      .insert(companies)
      .values({ name: unique("Target Co"), email: `${unique("target-co")}@example.com`, ownerId: owner.id })
      .returning({ id: companies.id });
    await db.update(users).set({ companyId: company!.id }).where(eq(users.id, owner.id));
    return { userId: owner.id, companyId: company!.id };
  });
}

const insertCodeOfA = (world: World, values: Partial<typeof qrCodes.$inferInsert> = {}) =>
  insertCode(world.ownerA, { valuerId: world.valuerA.id, ...values });

/**
 * A webhook endpoint of company A, subscribed to an event no row of the matrix fires; written to the
 * database, since one per call would pass the company's cap on endpoints.
 */
async function addEndpointOfA(world: World): Promise<string> {
  const publicId = `ep_${unique("matrix").replace(/\W/g, "").padEnd(24, "0").slice(-24)}`;
  await withDb((db) =>
    db.insert(webhookEndpoints).values({
      publicId,
      companyId: world.companyA,
      url: `https://hooks.example/${publicId}`,
      secret: "whsec_matrixmatrixmatrixmatrixmatrixma",
      eventTypes: ["code.expired"],
    }),
  );
  return publicId;
}

const matrix: Row[] = [
  // Browser navigations and sign-in: public.
  { method: "GET", route: "/api/login", expected: ALL(302), isPublic: true, request: () => ({ path: "/api/login" }) },
  { method: "GET", route: "/api/logout", expected: ALL(302), isPublic: true, request: () => ({ path: "/api/logout" }) },
  {
    method: "POST",
    route: "/api/register",
    expected: ALL(202),
    isPublic: true,
    request: () => {
      const email = `${unique("matrix")}@example.com`;
      return {
        path: "/api/register",
        body: {
          firstName: "Reg",
          lastName: "Ister",
          name: unique("Co"),
          email,
          password: OWNER_PASSWORD,
          confirmPassword: OWNER_PASSWORD,
        },
      };
    },
  },
  {
    method: "POST",
    route: "/api/login",
    expected: ALL(200),
    isPublic: true,
    request: (w) => ({ path: "/api/login", body: { email: w.signInAccount.email, password: OWNER_PASSWORD } }),
  },
  { method: "GET", route: "/api/auth/user", expected: SIGNED_IN(200), request: () => ({ path: "/api/auth/user" }) },
  // The code step of a two-step sign-in: the challenge is the credential, so anyone may call; a made-up one is refused.
  {
    method: "POST",
    route: "/api/login/second-factor",
    expected: ALL(401),
    isPublic: true,
    request: () => ({ path: "/api/login/second-factor", body: { challenge: "not-a-challenge", code: "123456" } }),
  },
  {
    method: "POST",
    route: "/api/login/second-factor/passkey-options",
    expected: ALL(401),
    isPublic: true,
    request: () => ({ path: "/api/login/second-factor/passkey-options", body: { challenge: "not-a-challenge" } }),
  },
  {
    method: "POST",
    route: "/api/login/second-factor/passkey",
    expected: ALL(401),
    isPublic: true,
    request: () => ({
      path: "/api/login/second-factor/passkey",
      body: {
        challenge: "not-a-challenge",
        response: PASSKEY_ANSWER({ authenticatorData: "AAAA", signature: "AAAA" }),
      },
    }),
  },
  // Emailed links: the token in the link is the credential, so anyone may call; a made-up one is refused.
  {
    method: "POST",
    route: "/api/auth/confirm-email",
    expected: ALL(400),
    isPublic: true,
    request: () => ({ path: "/api/auth/confirm-email", body: { token: "A".repeat(32) } }),
  },
  {
    method: "POST",
    route: "/api/auth/resend-confirmation",
    // Every signed-in actor has confirmed their email already.
    expected: SIGNED_IN(409),
    request: () => ({ path: "/api/auth/resend-confirmation" }),
  },
  {
    method: "POST",
    route: "/api/password-reset",
    expected: ALL(202),
    isPublic: true,
    request: () => ({ path: "/api/password-reset", body: { email: `${unique("forgot")}@example.com` } }),
  },
  {
    method: "POST",
    route: "/api/password-reset/confirm",
    expected: ALL(400),
    isPublic: true,
    request: () => ({
      path: "/api/password-reset/confirm",
      body: { token: "B".repeat(32), password: "a-new-password", confirmPassword: "a-new-password" },
    }),
  },
  {
    method: "POST",
    route: "/api/logout",
    expected: SIGNED_IN(200),
    endsSession: true,
    request: () => ({ path: "/api/logout" }),
  },
  {
    method: "POST",
    route: "/api/demo-qr",
    expected: ALL(200),
    isPublic: true,
    request: () => ({ path: "/api/demo-qr", body: DEMO_CERTIFICATE }),
  },

  // Public verification: anyone holding the printed address.
  {
    method: "GET",
    route: "/v/:token",
    expected: ALL(200),
    isPublic: true,
    request: (w) => ({ path: `/v/${w.codeA.publicToken}` }),
  },
  {
    method: "GET",
    route: "/api/public/certificates/:token",
    expected: ALL(200),
    isPublic: true,
    request: (w) => ({ path: `/api/public/certificates/${w.codeA.publicToken}` }),
  },
  {
    method: "GET",
    route: "/api/public/pricing",
    expected: ALL(200),
    isPublic: true,
    request: () => ({ path: "/api/public/pricing" }),
  },
  // Health, for an uptime monitor: anyone, no data of anyone's (once the hourly jobs have run).
  {
    method: "GET",
    route: "/api/health",
    expected: ALL(200),
    isPublic: true,
    target: () => (hourlyJobsRun ??= runHourlyJobs()),
    request: () => ({ path: "/api/health" }),
  },
  // A receipt's signed document, for whoever holds its id (printed on the receipt only).
  {
    method: "GET",
    route: "/api/public/receipts/:id",
    expected: ALL(200),
    isPublic: true,
    target: (world) => paidPurchase(world.ownerA),
    request: (_world, target: { receiptId: string }) => ({ path: `/api/public/receipts/${target.receiptId}` }),
  },
  {
    method: "GET",
    route: "/api/public/platform-figures",
    expected: ALL(200),
    isPublic: true,
    request: () => ({ path: "/api/public/platform-figures" }),
  },
  {
    method: "GET",
    route: "/api/public/verification-codes/:code",
    expected: ALL(200),
    isPublic: true,
    request: (w) => ({ path: `/api/public/verification-codes/${w.codeA.verificationCode}` }),
  },
  {
    method: "GET",
    route: "/v/:token/:page{[0-9]{1,3}}",
    expected: ALL(200),
    isPublic: true,
    request: (w) => ({ path: `/v/${w.codeA.publicToken}/2` }),
  },
  {
    method: "POST",
    route: "/api/public/certificates/:token/check",
    expected: ALL(200),
    isPublic: true,
    request: (w) => ({
      path: `/api/public/certificates/${w.codeA.publicToken}/check`,
      body: { sha256: "a".repeat(64), pageFingerprints: ["b".repeat(64)] },
    }),
  },
  {
    method: "GET",
    route: "/v/:token/check",
    expected: ALL(200),
    isPublic: true,
    builtPage: true,
    request: (w) => ({ path: `/v/${w.codeA.publicToken}/check` }),
  },
  {
    method: "GET",
    route: "/verify",
    expected: ALL(200),
    isPublic: true,
    builtPage: true,
    request: () => ({ path: "/verify" }),
  },
  {
    method: "GET",
    route: "/api/invites/:token",
    expected: ALL(200),
    isPublic: true,
    target: (w) => inviteMemberViaApi(w.ownerA.token),
    request: (_w, invite) => ({ path: `/api/invites/${invite.token}` }),
  },
  {
    method: "POST",
    route: "/api/invites/:token/accept",
    expected: ALL(201),
    isPublic: true,
    target: (w) => inviteMemberViaApi(w.ownerA.token),
    request: (_w, invite) => ({
      path: `/api/invites/${invite.token}/accept`,
      body: { firstName: "New", lastName: "Member", password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
    }),
  },

  // Valuers: everyone in the company reads, only the owner changes.
  { method: "GET", route: "/api/valuers", expected: COMPANY_READ, request: () => ({ path: "/api/valuers" }) },
  {
    method: "POST",
    route: "/api/valuers",
    expected: OWNER_OF_OWN.map((status) => (status === 200 ? 201 : status)) as Statuses,
    request: () => ({ path: "/api/valuers", body: { name: unique("Valuer"), qualification: "MRICS" } }),
  },
  {
    method: "PUT",
    route: "/api/valuers/:id",
    expected: OWNER_OF_A_OBJECT,
    target: (w) => insertValuer(w.companyA),
    request: (_w, valuer) => ({ path: `/api/valuers/${valuer.id}`, body: { name: "Renamed Valuer" } }),
  },
  {
    method: "DELETE",
    route: "/api/valuers/:id",
    expected: OWNER_OF_A_OBJECT,
    target: (w) => insertValuer(w.companyA),
    request: (_w, valuer) => ({ path: `/api/valuers/${valuer.id}` }),
  },

  // A valuer's practising certificate: the owner uploads it; the firm's staff may read it back.
  {
    method: "POST",
    route: "/api/valuers/:id/practising-certificates",
    expected: [401, 403, 201, 404, 401, 401, 403],
    target: (w) => insertValuer(w.companyA, { registrationNumber: "VRB/V/3030" }),
    request: (_w, valuer) => ({
      path: `/api/valuers/${valuer.id}/practising-certificates?fileName=certificate.pdf`,
      body: SMALL_PDF,
      headers: { "Content-Type": "application/pdf" },
    }),
  },
  {
    method: "GET",
    route: "/api/valuers/practising-certificates/:id/file",
    expected: COMPANY_A_OBJECT,
    target: async (w) =>
      uploadedPractisingCertificate(
        w.ownerA,
        (await insertValuer(w.companyA, { registrationNumber: "VRB/V/3031" })).id,
      ),
    request: (_w, upload) => ({ path: `/api/valuers/practising-certificates/${upload.id}/file` }),
  },

  // Codes: company staff; another company's owner can neither see nor sign with A's things.
  { method: "GET", route: "/api/qr-codes", expected: COMPANY_READ, request: () => ({ path: "/api/qr-codes" }) },
  {
    method: "GET",
    route: "/api/qr-codes/:id",
    expected: COMPANY_A_OBJECT,
    request: (w) => ({ path: `/api/qr-codes/${w.codeA.id}` }),
  },
  {
    method: "POST",
    route: "/api/qr-codes",
    // Owner B names A's valuer as signer: refused as not a valuer of B's company.
    expected: [401, 201, 201, 400, 401, 401, 403],
    request: (w) => ({ path: "/api/qr-codes", body: codeInput(w.valuerA.id) }),
  },
  {
    method: "POST",
    route: "/api/qr-codes/batch",
    // As one create: owner B naming A's valuer is refused as not a valuer of B's company.
    expected: [401, 200, 200, 400, 401, 401, 403],
    request: (w) => ({
      path: "/api/qr-codes/batch",
      body: { codes: [codeInput(w.valuerA.id, { externalReference: unique("JOB-") })] },
    }),
  },
  {
    method: "POST",
    route: "/api/qr-codes/:id/revoke",
    // The code was created by the owner: a member may revoke only codes they created.
    expected: OWNER_OF_A_OBJECT,
    target: (w) => insertCodeOfA(w),
    request: (_w, code) => ({ path: `/api/qr-codes/${code.id}/revoke`, body: { reason: "Issued in error" } }),
  },
  {
    method: "POST",
    route: "/api/qr-codes/:id/reinstate",
    expected: OWNER_OF_A_OBJECT,
    target: (w) => insertCodeOfA(w, { revokedAt: new Date(), revokedReason: "Issued in error" }),
    request: (_w, code) => ({ path: `/api/qr-codes/${code.id}/reinstate`, body: { reason: "Revoked by mistake" } }),
  },
  {
    method: "POST",
    route: "/api/qr-codes/:id/confirmation-request",
    // Owner-only; company A's owner reaches the rule, which refuses a code that is not one issued before verification.
    expected: [401, 403, 409, 404, 401, 401, 403],
    request: (w) => ({ path: `/api/qr-codes/${w.codeA.id}/confirmation-request` }),
  },
  {
    method: "GET",
    route: "/api/qr-codes/:id/status-history",
    expected: COMPANY_A_OBJECT,
    request: (w) => ({ path: `/api/qr-codes/${w.codeA.id}/status-history` }),
  },
  {
    method: "GET",
    route: "/api/qr-codes/:id/reliance",
    expected: COMPANY_A_OBJECT,
    request: (w) => ({ path: `/api/qr-codes/${w.codeA.id}/reliance` }),
  },
  {
    method: "POST",
    route: "/api/qr-codes/:id/reliance-letters/:letterId",
    expected: OWNER_OF_A_OBJECT,
    // A request for a letter on a new code of company A, from another organisation (the lender's
    // kind is not what this route checks: the code's company and its owner are).
    target: async (w) => {
      const code = await insertCodeOfA(w);
      const letterId = unique("letter").slice(0, 24);
      await withDb((db) =>
        db
          .insert(relianceLetterRequests)
          .values({ publicId: letterId, codeId: code.id, lenderCompanyId: companyIdOf(w.ownerB) }),
      );
      return { codeId: code.id, letterId };
    },
    request: (_w, letter: { codeId: number; letterId: string }) => ({
      path: `/api/qr-codes/${letter.codeId}/reliance-letters/${letter.letterId}`,
      body: { decision: "declined", reason: "Instructed by another bank" },
    }),
  },
  {
    method: "GET",
    route: "/api/qr-codes/:id/scans",
    expected: COMPANY_A_OBJECT,
    request: (w) => ({ path: `/api/qr-codes/${w.codeA.id}/scans` }),
  },
  {
    method: "GET",
    route: "/api/qr-codes/:id/seals",
    expected: COMPANY_A_OBJECT,
    request: (w) => ({ path: `/api/qr-codes/${w.codeA.id}/seals` }),
  },
  {
    method: "POST",
    route: "/api/qr-codes/:id/seals",
    expected: [401, 201, 201, 404, 401, 401, 403],
    request: (w) => ({
      path: `/api/qr-codes/${w.codeA.id}/seals`,
      body: { sha256: "c".repeat(64), pageFingerprints: ["d".repeat(64), "e".repeat(64)] },
    }),
  },
  { method: "GET", route: "/api/scans/recent", expected: COMPANY_READ, request: () => ({ path: "/api/scans/recent" }) },
  {
    method: "GET",
    route: "/api/analytics/stats",
    expected: COMPANY_READ,
    request: () => ({ path: "/api/analytics/stats" }),
  },
  {
    method: "GET",
    route: "/api/exports/codes.csv",
    expected: COMPANY_READ,
    request: () => ({ path: "/api/exports/codes.csv" }),
  },
  {
    method: "GET",
    route: "/api/exports/scans.csv",
    expected: COMPANY_A_OBJECT,
    request: (w) => ({ path: `/api/exports/scans.csv?code=${w.codeA.publicToken}` }),
  },
  {
    method: "GET",
    route: "/api/exports/ledger.csv",
    expected: COMPANY_READ,
    request: () => ({ path: "/api/exports/ledger.csv" }),
  },
  {
    method: "GET",
    route: "/api/locations/search",
    expected: COMPANY_READ,
    request: () => ({ path: "/api/locations/search?q=Nai" }),
  },

  // The caller's own company: "current" can only ever mean the caller's.
  {
    method: "GET",
    route: "/api/companies/current",
    expected: COMPANY_READ,
    request: () => ({ path: "/api/companies/current" }),
  },
  {
    method: "PUT",
    route: "/api/companies/current",
    expected: OWNER_OF_OWN,
    request: () => ({
      path: "/api/companies/current",
      // Every owner a fixture makes has OWNER_PASSWORD; a new company email asks for it.
      body: { name: unique("Renamed Co"), email: `${unique("co")}@example.com`, currentPassword: OWNER_PASSWORD },
    }),
  },
  {
    method: "PUT",
    route: "/api/companies/current/registration",
    expected: OWNER_OF_OWN,
    request: () => ({ path: "/api/companies/current/registration", body: { body: "RICS", number: unique("RICS") } }),
  },
  {
    method: "PUT",
    route: "/api/companies/current/scan-alerts",
    expected: OWNER_OF_OWN,
    request: () => ({ path: "/api/companies/current/scan-alerts", body: { mode: "none" } }),
  },
  // All of the organisation's data at once (docs/operations.md, issue 50): its owner only.
  {
    method: "GET",
    route: "/api/companies/current/export",
    expected: OWNER_OF_OWN,
    request: () => ({ path: "/api/companies/current/export" }),
  },
  // Closing: the owner's, and refused here by a wrong password (nothing is scheduled).
  {
    method: "POST",
    route: "/api/companies/current/closure",
    expected: [401, 403, 400, 400, 401, 401, 403],
    request: (w) => ({
      path: "/api/companies/current/closure",
      body: { organisationName: w.ownerA.user.company!.name, currentPassword: "not-the-password" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/companies/current/closure",
    expected: OWNER_OF_OWN,
    request: () => ({ path: "/api/companies/current/closure" }),
  },
  {
    method: "PUT",
    route: "/api/companies/current/security",
    expected: OWNER_OF_OWN,
    request: () => ({ path: "/api/companies/current/security", body: { requireSecondFactor: false } }),
  },
  // Webhook endpoints: members read them and their logs, the owner changes them. Each row acts on an
  // endpoint of company A made for it; they are subscribed to an event the matrix never fires.
  {
    method: "GET",
    route: "/api/webhooks",
    expected: COMPANY_READ,
    request: () => ({ path: "/api/webhooks" }),
  },
  {
    method: "POST",
    route: "/api/webhooks",
    expected: [401, 403, 201, 201, 401, 401, 403],
    request: () => ({
      path: "/api/webhooks",
      body: { url: "https://hooks.example/valuseal", eventTypes: ["code.expired"] },
    }),
  },
  {
    method: "GET",
    route: "/api/webhooks/:id",
    expected: COMPANY_A_OBJECT,
    target: (world) => addEndpointOfA(world),
    request: (_world, endpointId: string) => ({ path: `/api/webhooks/${endpointId}` }),
  },
  {
    method: "PATCH",
    route: "/api/webhooks/:id",
    expected: OWNER_OF_A_OBJECT,
    target: (world) => addEndpointOfA(world),
    request: (_world, endpointId: string) => ({ path: `/api/webhooks/${endpointId}`, body: { description: "Matrix" } }),
  },
  {
    method: "DELETE",
    route: "/api/webhooks/:id",
    expected: OWNER_OF_A_OBJECT,
    target: (world) => addEndpointOfA(world),
    request: (_world, endpointId: string) => ({ path: `/api/webhooks/${endpointId}` }),
  },
  {
    method: "GET",
    route: "/api/webhooks/:id/attempts",
    expected: COMPANY_A_OBJECT,
    target: (world) => addEndpointOfA(world),
    request: (_world, endpointId: string) => ({ path: `/api/webhooks/${endpointId}/attempts` }),
  },
  {
    method: "POST",
    route: "/api/webhooks/:id/test",
    expected: [401, 403, 202, 404, 401, 401, 403],
    target: (world) => addEndpointOfA(world),
    request: (_world, endpointId: string) => ({ path: `/api/webhooks/${endpointId}/test` }),
  },
  {
    method: "POST",
    route: "/api/webhooks/:id/secret",
    expected: OWNER_OF_A_OBJECT,
    target: (world) => addEndpointOfA(world),
    request: (_world, endpointId: string) => ({ path: `/api/webhooks/${endpointId}/secret`, body: {} }),
  },
  {
    method: "POST",
    route: "/api/webhooks/:id/deliveries/:eventId/resend",
    expected: [401, 403, 202, 404, 401, 401, 403],
    target: async (world) => {
      const endpointId = await addEndpointOfA(world);
      // This event, by its id: an event another row records for A meanwhile reaches this endpoint too,
      // and one whose transaction began before the endpoint existed is refused as older than its address.
      const publicId = `msg_${unique("matrix").replace(/\W/g, "")}`;
      const [event] = await withDb(async (db) => {
        await recordWebhookEvents(db, [
          // Of no code: a code's expiry is recorded once, and each actor's call needs an event of its own.
          { companyId: world.companyA, type: "code.expired", codeId: null, data: { matrix: true }, publicId },
        ]);
        return db
          .select({ id: webhookEvents.publicId })
          .from(webhookEvents)
          .innerJoin(webhookDeliveries, eq(webhookDeliveries.eventId, webhookEvents.id))
          .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
          .where(and(eq(webhookEndpoints.publicId, endpointId), eq(webhookEvents.publicId, publicId)));
      });
      return { endpointId, eventId: event!.id };
    },
    request: (_world, { endpointId, eventId }: { endpointId: string; eventId: string }) => ({
      path: `/api/webhooks/${endpointId}/deliveries/${eventId}/resend`,
    }),
  },

  // Reliance: a lender's (tests/api/reliances.test.ts drives lenders); every actor here is a firm's or an admin.
  {
    method: "POST",
    route: "/api/reliances/check",
    expected: [401, 403, 403, 403, 401, 401, 403],
    request: (world) => ({ path: "/api/reliances/check", body: { code: world.codeA.publicToken } }),
  },
  {
    method: "POST",
    route: "/api/reliances",
    expected: [401, 403, 403, 403, 401, 401, 403],
    request: (world) => ({
      path: "/api/reliances",
      body: { code: world.codeA.publicToken, reference: "LN-1", amount: "1000", reliedOn: "01/11/2026" },
    }),
  },
  {
    method: "GET",
    route: "/api/reliances",
    expected: [401, 403, 403, 403, 401, 401, 403],
    request: () => ({ path: "/api/reliances" }),
  },
  {
    method: "POST",
    route: "/api/reliances/letters",
    expected: [401, 403, 403, 403, 401, 401, 403],
    request: (world) => ({ path: "/api/reliances/letters", body: { code: world.codeA.publicToken } }),
  },
  {
    method: "GET",
    route: "/api/watches",
    expected: [401, 403, 403, 403, 401, 401, 403],
    request: () => ({ path: "/api/watches" }),
  },
  {
    method: "POST",
    route: "/api/watches",
    expected: [401, 403, 403, 403, 401, 401, 403],
    request: (world) => ({ path: "/api/watches", body: { code: world.codeA.publicToken } }),
  },
  {
    method: "GET",
    route: "/api/watches/export.csv",
    expected: [401, 403, 403, 403, 401, 401, 403],
    request: () => ({ path: "/api/watches/export.csv" }),
  },

  // API keys: the owner's, for their own company.
  // Every member of a valuation firm reads its credits; an administrator belongs to no firm.
  {
    method: "GET",
    route: "/api/billing",
    expected: COMPANY_READ,
    request: () => ({ path: "/api/billing" }),
  },
  // Buying and the receipts' details are the owner's; purchases and receipts are read by the firm.
  {
    method: "PUT",
    route: "/api/billing/details",
    expected: OWNER_OF_OWN,
    request: () => ({ path: "/api/billing/details", body: BILLING_DETAILS }),
  },
  {
    method: "POST",
    route: "/api/billing/purchases",
    expected: [401, 403, 201, 201, 401, 401, 403],
    target: async (world) => {
      for (const owner of [world.ownerA, world.ownerB]) {
        await api("/api/billing/details", { method: "PUT", token: owner.token, body: BILLING_DETAILS });
      }
    },
    request: () => ({ path: "/api/billing/purchases", body: { credits: 10 } }),
  },
  {
    method: "GET",
    route: "/api/billing/purchases/:id",
    expected: COMPANY_A_OBJECT,
    target: (world) => startPurchase(world.ownerA, 10),
    request: (_world, target: { purchaseId: string }) => ({ path: `/api/billing/purchases/${target.purchaseId}` }),
  },
  {
    method: "POST",
    route: "/api/billing/purchases/:id/cancel",
    expected: OWNER_OF_A_OBJECT,
    target: (world) => startPurchase(world.ownerA, 10),
    request: (_world, target: { purchaseId: string }) => ({
      path: `/api/billing/purchases/${target.purchaseId}/cancel`,
    }),
  },
  {
    method: "GET",
    route: "/api/billing/receipts/:id/pdf",
    expected: COMPANY_A_OBJECT,
    target: (world) => paidPurchase(world.ownerA),
    request: (_world, target: { receiptId: string }) => ({ path: `/api/billing/receipts/${target.receiptId}/pdf` }),
  },
  {
    method: "POST",
    route: "/api/billing/mpesa",
    expected: [401, 403, 201, 201, 401, 401, 403],
    target: async (world) => {
      for (const owner of [world.ownerA, world.ownerB]) {
        await api("/api/billing/details", { method: "PUT", token: owner.token, body: BILLING_DETAILS });
        await endLivePromptsInDb(owner.user.companyId!);
      }
    },
    request: () => ({ path: "/api/billing/mpesa", body: { credits: 10, phone: "0712 345 678" } }),
  },
  {
    method: "POST",
    route: "/api/billing/purchases/:id/mpesa",
    expected: OWNER_OF_A_OBJECT,
    target: (world) => cancelledMpesaPurchaseInDb(world.ownerA),
    request: (_world, target: { purchaseId: string }) => ({
      path: `/api/billing/purchases/${target.purchaseId}/mpesa`,
      body: { phone: "0712 345 678" },
    }),
  },
  // A callback address names one prompt by an unguessable token; any other is nobody's.
  {
    method: "POST",
    route: "/api/billing/mpesa/callback/:token",
    expected: ALL(404),
    isPublic: true,
    request: () => ({ path: `/api/billing/mpesa/callback/${"Z".repeat(32)}`, body: { Body: { stkCallback: {} } } }),
  },
  // Stripe's events carry no session: whoever sends one without Stripe's signature is refused.
  {
    method: "POST",
    route: "/api/billing/stripe/events",
    expected: ALL(400),
    isPublic: true,
    request: () => ({
      path: "/api/billing/stripe/events",
      body: { id: "evt_forged", type: "checkout.session.completed" },
    }),
  },
  {
    method: "GET",
    route: "/api/api-keys",
    expected: [401, 403, 200, 200, 401, 401, 403],
    request: () => ({ path: "/api/api-keys" }),
  },
  {
    method: "POST",
    route: "/api/api-keys",
    expected: [401, 403, 201, 201, 401, 401, 403],
    request: () => ({
      path: "/api/api-keys",
      body: { name: unique("Key"), scopes: ["codes:read"], lifetime: "30", currentPassword: OWNER_PASSWORD },
    }),
  },
  {
    method: "DELETE",
    route: "/api/api-keys/:id",
    expected: OWNER_OF_A_OBJECT,
    target: async (world) => {
      const res = await api("/api/api-keys", {
        token: world.ownerA.token,
        body: { name: unique("Key"), scopes: ["codes:read"], lifetime: "30", currentPassword: OWNER_PASSWORD },
      });
      return res.body.apiKey.id as string;
    },
    request: (_world, keyId: string) => ({ path: `/api/api-keys/${keyId}` }),
  },
  // The integration API answers API keys only (tests/api/integration-api.test.ts); a session is not one.
  ...(
    [
      ["GET", "/api/v1/codes", () => ({ path: "/api/v1/codes" })],
      ["POST", "/api/v1/codes", (world: World) => ({ path: "/api/v1/codes", body: codeInput(world.valuerA.id) })],
      [
        "POST",
        "/api/v1/codes/batch",
        (world: World) => ({
          path: "/api/v1/codes/batch",
          body: { codes: [codeInput(world.valuerA.id, { externalReference: unique("JOB-") })] },
        }),
      ],
      ["GET", "/api/v1/codes/:id", (world: World) => ({ path: `/api/v1/codes/${world.codeA.publicToken}` })],
      [
        "POST",
        "/api/v1/codes/:id/revoke",
        (world: World) => ({ path: `/api/v1/codes/${world.codeA.publicToken}/revoke`, body: { reason: "Matrix" } }),
      ],
      [
        "GET",
        "/api/v1/codes/:id/scans",
        (world: World) => ({ path: `/api/v1/codes/${world.codeA.publicToken}/scans` }),
      ],
      ["GET", "/api/v1/valuers", () => ({ path: "/api/v1/valuers" })],
      ["GET", "/api/v1/billing/balance", () => ({ path: "/api/v1/billing/balance" })],
      ["GET", "/api/v1/exports/codes.csv", () => ({ path: "/api/v1/exports/codes.csv" })],
      ["GET", "/api/v1/exports/scans.csv", () => ({ path: "/api/v1/exports/scans.csv" })],
      ["GET", "/api/v1/webhooks", () => ({ path: "/api/v1/webhooks" })],
      ["POST", "/api/v1/webhooks", () => ({ path: "/api/v1/webhooks", body: { url: "https://hooks.example/x" } })],
      ["GET", "/api/v1/webhooks/:id", () => ({ path: "/api/v1/webhooks/ep_x" })],
      ["PATCH", "/api/v1/webhooks/:id", () => ({ path: "/api/v1/webhooks/ep_x", body: { enabled: false } })],
      ["DELETE", "/api/v1/webhooks/:id", () => ({ path: "/api/v1/webhooks/ep_x" })],
      ["GET", "/api/v1/webhooks/:id/attempts", () => ({ path: "/api/v1/webhooks/ep_x/attempts" })],
      ["POST", "/api/v1/webhooks/:id/test", () => ({ path: "/api/v1/webhooks/ep_x/test" })],
      ["POST", "/api/v1/webhooks/:id/secret", () => ({ path: "/api/v1/webhooks/ep_x/secret", body: {} })],
      [
        "POST",
        "/api/v1/reliances/check",
        (world: World) => ({ path: "/api/v1/reliances/check", body: { code: world.codeA.publicToken } }),
      ],
      [
        "POST",
        "/api/v1/reliances",
        (world: World) => ({
          path: "/api/v1/reliances",
          body: { code: world.codeA.publicToken, reference: "LN-1", amount: "1000", reliedOn: "01/11/2026" },
        }),
      ],
      ["GET", "/api/v1/watches", () => ({ path: "/api/v1/watches" })],
      [
        "POST",
        "/api/v1/webhooks/:id/deliveries/:eventId/resend",
        () => ({ path: "/api/v1/webhooks/ep_x/deliveries/msg_x/resend" }),
      ],
    ] as const
  ).map(([method, route, request]): Row => ({ method, route, expected: ALL(401), request })),
  {
    method: "GET",
    route: "/api/v1/openapi.json",
    expected: ALL(200),
    isPublic: true,
    request: () => ({ path: "/api/v1/openapi.json" }),
  },

  // The caller's own profile: anyone signed in, administrators included.
  {
    method: "GET",
    route: "/api/profile/export",
    expected: SIGNED_IN(200),
    request: () => ({ path: "/api/profile/export" }),
  },
  {
    method: "POST",
    route: "/api/profile/deletion",
    // A wrong password: signed-in callers reach the check (400), nothing is scheduled. An owner
    // would be told to close the organisation instead, after the same check.
    expected: SIGNED_IN(400),
    request: () => ({ path: "/api/profile/deletion", body: { currentPassword: "not-the-password" } }),
  },
  {
    method: "DELETE",
    route: "/api/profile/deletion",
    expected: SIGNED_IN(200),
    request: () => ({ path: "/api/profile/deletion" }),
  },
  {
    method: "PUT",
    route: "/api/profile",
    expected: SIGNED_IN(200),
    request: () => ({ path: "/api/profile", body: { firstName: "Pro", lastName: "File" } }),
  },
  {
    method: "POST",
    route: "/api/profile/password",
    // A wrong current password: signed-in callers reach the check (400), nothing changes.
    expected: SIGNED_IN(400),
    request: () => ({
      path: "/api/profile/password",
      body: { currentPassword: "not-my-password", newPassword: "a-new-password", confirmPassword: "a-new-password" },
    }),
  },

  {
    method: "GET",
    route: "/api/profile/email",
    expected: SIGNED_IN(200),
    request: () => ({ path: "/api/profile/email" }),
  },
  {
    method: "PUT",
    route: "/api/profile/email",
    // A wrong current password: signed-in callers reach the check (400), nothing is sent.
    expected: SIGNED_IN(400),
    request: () => ({
      path: "/api/profile/email",
      body: { email: `${unique("moving")}@example.com`, currentPassword: "not-my-password" },
    }),
  },
  {
    method: "PUT",
    route: "/api/profile/scan-alerts",
    expected: SIGNED_IN(200),
    request: () => ({ path: "/api/profile/scan-alerts", body: { scanAlertEmails: false } }),
  },
  {
    method: "PUT",
    route: "/api/profile/language",
    expected: SIGNED_IN(200),
    request: () => ({ path: "/api/profile/language", body: { language: "en" } }),
  },

  // The caller's own sign-in security: anyone signed in. Each call is refused before it changes anything
  // (a wrong password, a wrong code, an unknown session), except signing out the caller's other sessions.
  {
    method: "GET",
    route: "/api/profile/security",
    expected: SIGNED_IN(200),
    request: () => ({ path: "/api/profile/security" }),
  },
  {
    method: "POST",
    route: "/api/profile/security/totp",
    expected: SIGNED_IN(400),
    request: () => ({ path: "/api/profile/security/totp", body: { currentPassword: "not-my-password" } }),
  },
  {
    method: "POST",
    route: "/api/profile/security/totp/confirm",
    // Nothing was started (400); the administrator already uses it (409).
    expected: [401, 400, 400, 400, 401, 401, 409],
    request: () => ({ path: "/api/profile/security/totp/confirm", body: { code: "000000" } }),
  },
  {
    method: "DELETE",
    route: "/api/profile/security/totp",
    expected: SIGNED_IN(400),
    request: () => ({
      path: "/api/profile/security/totp",
      body: { currentPassword: "not-my-password", code: "000000" },
    }),
  },
  {
    method: "POST",
    route: "/api/profile/security/recovery-codes",
    expected: SIGNED_IN(400),
    request: () => ({ path: "/api/profile/security/recovery-codes", body: { code: "000000" } }),
  },
  {
    method: "POST",
    route: "/api/profile/security/passkeys/options",
    expected: SIGNED_IN(400),
    request: () => ({ path: "/api/profile/security/passkeys/options", body: { currentPassword: "not-my-password" } }),
  },
  {
    method: "POST",
    route: "/api/profile/security/passkeys",
    // No challenge was asked for: nothing the answer could sign.
    expected: SIGNED_IN(400),
    request: () => ({
      path: "/api/profile/security/passkeys",
      body: { name: "Key", response: PASSKEY_ANSWER({ attestationObject: "AAAA" }) },
    }),
  },
  {
    method: "DELETE",
    route: "/api/profile/security/passkeys/:id",
    // The password is asked before anything is looked up.
    expected: SIGNED_IN(400),
    request: () => ({
      path: "/api/profile/security/passkeys/2147483000",
      body: { currentPassword: "not-my-password" },
    }),
  },
  {
    method: "POST",
    route: "/api/profile/security/confirm",
    expected: SIGNED_IN(400),
    request: () => ({ path: "/api/profile/security/confirm", body: { code: "000000" } }),
  },
  {
    method: "POST",
    route: "/api/profile/security/confirm/passkey-options",
    // Nobody in the matrix has a passkey.
    expected: SIGNED_IN(400),
    request: () => ({ path: "/api/profile/security/confirm/passkey-options" }),
  },
  {
    method: "POST",
    route: "/api/profile/security/confirm/passkey",
    expected: SIGNED_IN(400),
    request: () => ({
      path: "/api/profile/security/confirm/passkey",
      body: { response: PASSKEY_ANSWER({ authenticatorData: "AAAA", signature: "AAAA" }) },
    }),
  },
  {
    method: "DELETE",
    route: "/api/profile/security/sessions/:id",
    expected: SIGNED_IN(404),
    request: () => ({ path: "/api/profile/security/sessions/0123456789abcdef01234567" }),
  },
  {
    method: "POST",
    route: "/api/profile/security/sessions/sign-out-others",
    expected: SIGNED_IN(200),
    request: () => ({ path: "/api/profile/security/sessions/sign-out-others" }),
  },

  // Team: the owner's.
  { method: "GET", route: "/api/team", expected: OWNER_OF_OWN, request: () => ({ path: "/api/team" }) },
  {
    method: "POST",
    route: "/api/team/invites",
    expected: OWNER_OF_OWN.map((status) => (status === 200 ? 201 : status)) as Statuses,
    request: () => ({ path: "/api/team/invites", body: { email: `${unique("invitee")}@example.com` } }),
  },
  {
    method: "POST",
    route: "/api/team/invites/:id/resend",
    expected: OWNER_OF_A_OBJECT,
    target: (w) => insertInvite(w.companyA, w.ownerA.user.id),
    request: (_w, invite) => ({ path: `/api/team/invites/${invite.id}/resend` }),
  },
  {
    method: "DELETE",
    route: "/api/team/invites/:id",
    expected: OWNER_OF_A_OBJECT,
    target: (w) => insertInvite(w.companyA, w.ownerA.user.id),
    request: (_w, invite) => ({ path: `/api/team/invites/${invite.id}` }),
  },
  {
    method: "DELETE",
    route: "/api/team/members/:id",
    expected: OWNER_OF_A_OBJECT,
    target: (w) => insertUser({ companyId: w.companyA }),
    request: (_w, member) => ({ path: `/api/team/members/${member.id}` }),
  },

  // Platform administration.
  { method: "GET", route: "/api/admin/stats", expected: ADMIN_ONLY, request: () => ({ path: "/api/admin/stats" }) },
  {
    method: "GET",
    route: "/api/admin/companies-detailed",
    expected: ADMIN_ONLY,
    request: () => ({ path: "/api/admin/companies-detailed?page=1&pageSize=5" }),
  },
  {
    method: "GET",
    route: "/api/admin/title-conflicts",
    expected: ADMIN_ONLY,
    request: () => ({ path: "/api/admin/title-conflicts" }),
  },
  {
    method: "GET",
    route: "/api/admin/companies/:id/details",
    expected: ADMIN_ONLY,
    target: insertCompanyOwner,
    request: (_w, t) => ({ path: `/api/admin/companies/${t.companyId}/details` }),
  },
  {
    method: "PATCH",
    route: "/api/admin/companies/:id/status",
    expected: ADMIN_ONLY,
    target: insertCompanyOwner,
    request: (_w, t) => ({ path: `/api/admin/companies/${t.companyId}/status`, body: { isActive: false } }),
  },
  {
    method: "GET",
    route: "/api/admin/billing",
    expected: ADMIN_ONLY,
    request: () => ({ path: "/api/admin/billing" }),
  },
  {
    method: "POST",
    route: "/api/admin/billing/prices",
    expected: [401, 403, 403, 403, 401, 401, 201],
    // A day far ahead: no price charged during the tests changes.
    request: () => ({
      path: "/api/admin/billing/prices",
      body: { credits: 10, currency: "KES", amount: "5000", effectiveFrom: "2099-01-01" },
    }),
  },
  {
    method: "GET",
    route: "/api/valuers/register",
    expected: COMPANY_READ,
    request: () => ({ path: "/api/valuers/register" }),
  },
  // The registers of valuers are the administrators'; a source that does not exist is 404 to them.
  {
    method: "GET",
    route: "/api/admin/register",
    expected: ADMIN_ONLY,
    request: () => ({ path: "/api/admin/register" }),
  },
  {
    method: "POST",
    route: "/api/admin/register/sources",
    expected: [401, 403, 403, 403, 401, 401, 201],
    request: () => ({
      path: "/api/admin/register/sources",
      body: { jurisdiction: "KE", body: unique("Matrix Register"), kind: "manual-evidence" },
    }),
  },
  {
    method: "POST",
    route: "/api/admin/register/sources/:id/preview",
    expected: [401, 403, 403, 403, 401, 401, 404],
    request: () => ({ path: "/api/admin/register/sources/999999999/preview?fileName=list.csv", body: "" }),
  },
  {
    method: "POST",
    route: "/api/admin/register/sources/:id/snapshots",
    expected: [401, 403, 403, 403, 401, 401, 404],
    request: () => ({
      path: `/api/admin/register/sources/999999999/snapshots?fileName=list.csv&publishedOn=2026-01-15&sha256=${"0".repeat(64)}`,
      body: "",
    }),
  },
  // Requests about personal data from people who are not users: administrators only.
  {
    method: "GET",
    route: "/api/admin/data-requests",
    expected: ADMIN_ONLY,
    request: () => ({ path: "/api/admin/data-requests" }),
  },
  {
    method: "POST",
    route: "/api/admin/data-requests",
    expected: [401, 403, 403, 403, 401, 401, 201],
    request: () => ({
      path: "/api/admin/data-requests",
      body: {
        requesterName: "Matrix Person",
        requesterContact: "matrix@example.com",
        requesterRole: "other",
        kind: "objection",
        request: "Stop using my data",
        receivedOn: "2026-12-05",
      },
    }),
  },
  {
    method: "PATCH",
    route: "/api/admin/data-requests/:id",
    // An id no request has: the administrator reaches the look-up (404).
    expected: [401, 403, 403, 403, 401, 401, 404],
    request: () => ({ path: "/api/admin/data-requests/2147483000", body: { status: "open" } }),
  },
  // The System health card's answer: administrators only.
  {
    method: "GET",
    route: "/api/admin/health",
    expected: ADMIN_ONLY,
    request: () => ({ path: "/api/admin/health" }),
  },
  // Practising certificates are reviewed by administrators only, each once.
  {
    method: "GET",
    route: "/api/admin/practising-certificates",
    expected: ADMIN_ONLY,
    request: () => ({ path: "/api/admin/practising-certificates" }),
  },
  {
    method: "GET",
    route: "/api/admin/practising-certificates/:id/file",
    expected: ADMIN_ONLY,
    target: async (w) =>
      uploadedPractisingCertificate(
        w.ownerA,
        (await insertValuer(w.companyA, { registrationNumber: "VRB/V/3032" })).id,
      ),
    request: (_w, upload) => ({ path: `/api/admin/practising-certificates/${upload.id}/file` }),
  },
  {
    method: "POST",
    route: "/api/admin/practising-certificates/:id/review",
    expected: ADMIN_ONLY,
    target: async (w) =>
      uploadedPractisingCertificate(
        w.ownerA,
        (await insertValuer(w.companyA, { registrationNumber: "VRB/V/3033" })).id,
      ),
    request: (_w, upload) => ({
      path: `/api/admin/practising-certificates/${upload.id}/review`,
      body: { decision: "rejected", reason: "The copy is unreadable" },
    }),
  },
  // No payment awaits review here: the administrator reaches the route and finds none (404).
  {
    method: "POST",
    route: "/api/admin/billing/mpesa/:id",
    expected: [401, 403, 403, 403, 401, 401, 404],
    request: () => ({
      path: "/api/admin/billing/mpesa/999999999",
      body: { paid: false, note: "Nothing in the portal" },
    }),
  },
  {
    method: "POST",
    route: "/api/admin/companies/:id/credits",
    expected: ADMIN_ONLY,
    target: insertCompanyOwner,
    request: (_w, t) => ({
      path: `/api/admin/companies/${t.companyId}/credits`,
      body: { credits: 5, reason: "Matrix grant" },
    }),
  },
  {
    method: "PATCH",
    route: "/api/admin/companies/:id/verification",
    expected: ADMIN_ONLY,
    target: insertCompanyOwner,
    request: (_w, t) => ({ path: `/api/admin/companies/${t.companyId}/verification`, body: { verified: true } }),
  },
  {
    method: "PATCH",
    route: "/api/admin/companies/:id/reset-password",
    expected: ADMIN_ONLY,
    target: insertCompanyOwner,
    request: (_w, t) => ({
      path: `/api/admin/companies/${t.companyId}/reset-password`,
      body: { password: "a-new-password" },
    }),
  },
  {
    method: "GET",
    route: "/api/admin/users",
    expected: ADMIN_ONLY,
    request: () => ({ path: "/api/admin/users?page=1&pageSize=5" }),
  },
  {
    method: "PATCH",
    route: "/api/admin/users/bulk-status",
    expected: ADMIN_ONLY,
    target: insertCompanyOwner,
    request: (_w, t) => ({ path: "/api/admin/users/bulk-status", body: { userIds: [t.userId], isActive: false } }),
  },
  {
    method: "PATCH",
    route: "/api/admin/users/:id/status",
    expected: ADMIN_ONLY,
    target: insertCompanyOwner,
    request: (_w, t) => ({ path: `/api/admin/users/${t.userId}/status`, body: { isActive: false } }),
  },
  {
    method: "DELETE",
    route: "/api/admin/users/bulk-delete",
    expected: ADMIN_ONLY,
    target: insertCompanyOwner,
    request: (_w, t) => ({ path: "/api/admin/users/bulk-delete", body: { userIds: [t.userId] } }),
  },
  {
    method: "POST",
    route: "/api/admin/users/:id/second-factor-reset",
    expected: ADMIN_ONLY,
    target: insertCompanyOwner,
    request: (_w, t) => ({
      path: `/api/admin/users/${t.userId}/second-factor-reset`,
      body: { evidence: "Video call matched to the ID on file, 3 December." },
    }),
  },
  {
    method: "DELETE",
    route: "/api/admin/users/:id",
    expected: ADMIN_ONLY,
    target: insertCompanyOwner,
    request: (_w, t) => ({ path: `/api/admin/users/${t.userId}` }),
  },
  {
    method: "GET",
    route: "/api/admin/audit-log",
    expected: ADMIN_ONLY,
    request: () => ({ path: "/api/admin/audit-log?pageSize=5" }),
  },
  {
    method: "GET",
    route: "/api/admin/signing-keys",
    expected: ADMIN_ONLY,
    request: () => ({ path: "/api/admin/signing-keys" }),
  },
  {
    // A key id nobody has: the administrator gets 404 rather than marking a real key compromised.
    method: "POST",
    route: "/api/admin/signing-keys/:kid/compromise",
    expected: [401, 403, 403, 403, 401, 401, 404],
    request: () => ({
      path: "/api/admin/signing-keys/no-such-key/compromise",
      body: { compromisedAt: "2026-01-01T00:00:00Z" },
    }),
  },
  // What anyone can check without trusting our pages (docs/signed-records.md).
  {
    method: "GET",
    route: "/api/public/certificates/:token/record",
    expected: ALL(200),
    isPublic: true,
    request: (w) => ({ path: `/api/public/certificates/${w.codeA.publicToken}/record` }),
  },
  {
    method: "GET",
    route: "/.well-known/jwks.json",
    expected: ALL(200),
    isPublic: true,
    request: () => ({ path: "/.well-known/jwks.json" }),
  },
  {
    method: "GET",
    route: "/log/checkpoints",
    expected: ALL(200),
    isPublic: true,
    request: () => ({ path: "/log/checkpoints" }),
  },
  {
    method: "GET",
    route: "/log/entries",
    expected: ALL(200),
    isPublic: true,
    request: () => ({ path: "/log/entries?from=1&to=2" }),
  },
  {
    method: "GET",
    route: "/log/proof/:token",
    expected: ALL(200),
    isPublic: true,
    request: (w) => ({ path: `/log/proof/${w.codeA.publicToken}` }),
  },
  {
    method: "GET",
    route: "/verifier",
    expected: ALL(200),
    isPublic: true,
    builtPage: true,
    request: () => ({ path: "/verifier" }),
  },
  {
    method: "GET",
    route: "/docs",
    expected: ALL(200),
    isPublic: true,
    request: () => ({ path: "/docs" }),
  },
  {
    method: "GET",
    route: "/status/:token",
    expected: ALL(200),
    isPublic: true,
    request: (w) => ({ path: `/status/${w.codeA.publicToken}` }),
  },
];

const sessionFor = (userId: number) =>
  withDb(async (db) => (await startSession(db, readConfig(env).JWT_SECRET, { id: userId }, {})).token);

/** Company A (owner, member, valuer, code), company B's owner, and the three other kinds of caller. */
async function buildWorld(): Promise<{ world: World; actors: Actor[] }> {
  const { owner: ownerA, member: memberA, valuer } = await createCompanyWithMember();
  const code = await createCodeViaApi(ownerA.token, valuer.id);
  const [ownerB, admin, signInAccount, deactivated, deleted] = await Promise.all([
    registerOwnerViaServices(),
    createAdminViaDb(),
    registerOwnerViaServices({ password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD }),
    addMemberViaServices(ownerA),
    addMemberViaServices(ownerA),
  ]);
  // Both keep a signed, unexpired token: only the server-side checks can refuse them.
  await withDb(async (db) => {
    await db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.user.id));
    await db.delete(users).where(eq(users.id, deleted.user.id));
  });
  const live = (name: ActorName, account: Account): Actor => ({
    name,
    token: account.token,
    freshToken: () => sessionFor(account.user.id),
  });
  const byName: Record<ActorName, Actor> = {
    anonymous: { name: "anonymous", freshToken: async () => undefined },
    memberA: live("memberA", memberA),
    ownerA: live("ownerA", ownerA),
    ownerB: live("ownerB", ownerB),
    // Its session row stays; only the inactive flag stands between it and the API.
    deactivated: live("deactivated", deactivated),
    deleted: { name: "deleted", token: deleted.token, freshToken: async () => deleted.token },
    admin: live("admin", admin),
  };
  const actors = ACTORS.map((name) => byName[name]);
  const world: World = {
    ownerA,
    memberA,
    companyA: ownerA.user.companyId!,
    valuerA: valuer,
    codeA: code,
    ownerB,
    signInAccount,
  };
  return { world, actors };
}

/** Text that only company A's staff (and public pages of its code) may ever show. */
const privateMarkers = (world: World) => [world.codeA.publicToken, world.codeA.propertyAddress, world.valuerA.name];

async function runCell(world: World, row: Row, actor: Actor, expected: number): Promise<string[]> {
  const target = row.target ? await row.target(world) : undefined;
  const { path, body, headers } = row.request(world, target);
  const token = row.endsSession ? await actor.freshToken() : actor.token;
  const res = await api(path, { method: row.method, body, token, headers });
  const label = `${row.method} ${row.route} as ${actor.name}`;
  const problems: string[] = [];
  if (res.status !== expected) {
    problems.push(`${label}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
  if (res.status >= 400 && path.startsWith("/api/") && typeof res.body?.message !== "string") {
    problems.push(`${label}: error answer without { message }: ${JSON.stringify(res.body).slice(0, 200)}`);
  }
  const outsider = ["anonymous", "ownerB", "deactivated", "deleted"].includes(actor.name);
  if (outsider && !row.isPublic) {
    const text = JSON.stringify(res.body);
    const leaked = privateMarkers(world).filter((marker) => text.includes(marker));
    if (leaked.length) problems.push(`${label}: answer shows company A's ${leaked.join(", ")}`);
  }
  return problems;
}

describe("authorization matrix", () => {
  let world: World;
  let actors: Actor[];

  beforeAll(async () => {
    ({ world, actors } = await buildWorld());
  }, 60_000);

  it("lists every route of the app, and only routes that exist", () => {
    const key = (method: string, route: string) => `${method} ${route}`;
    const inApp = new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => key(r.method, r.path)));
    const inTable = matrix.map((row) => key(row.method, row.route));
    expect(new Set(inTable).size, "a route listed twice").toBe(inTable.length);
    expect(
      [...inApp].filter((route) => !inTable.includes(route)),
      "routes missing from the matrix",
    ).toEqual([]);
    expect(
      inTable.filter((route) => !inApp.has(route)),
      "rows for routes the app does not have",
    ).toEqual([]);
  });

  it("answers every route as the table says, for every kind of caller", async () => {
    const problems: string[] = [];
    // Rows run in order (the webhook rows rely on it); a row's callers run side by side. More at
    // once ran past the local database bridge's connections and was hardly faster.
    for (const row of matrix.filter((entry) => !entry.builtPage)) {
      const cells = await Promise.all(actors.map((actor, index) => runCell(world, row, actor, row.expected[index]!)));
      problems.push(...cells.flat());
    }
    expect(problems).toEqual([]);
    // 126 rows of 7 callers: about 26 s beside the rest of the API suite on two cores.
  }, 180_000);
});

describe("mass assignment: ids, roles, counts and flags in bodies are ignored", () => {
  const smuggled = (world: { companyId: number; userId: number }) => ({
    id: 1,
    role: "admin",
    companyId: world.companyId,
    userId: world.userId,
    ownerId: world.userId,
    verificationCount: 9999,
    isActive: false,
  });

  let ownerA: Account;
  let memberA: Account;
  let valuerA: { id: number };
  let ownerB: Account;
  let foreign: { companyId: number; userId: number };

  beforeAll(async () => {
    ({ owner: ownerA, member: memberA, valuer: valuerA } = await createCompanyWithMember());
    ownerB = await registerOwnerViaServices();
    foreign = { companyId: ownerB.user.companyId!, userId: ownerB.user.id };
  }, 60_000);

  const userRow = (id: number) => withDb(async (db) => (await db.select().from(users).where(eq(users.id, id)))[0]!);
  const companyRow = (id: number) =>
    withDb(async (db) => (await db.select().from(companies).where(eq(companies.id, id)))[0]!);

  it("registration makes a plain, active user who owns a new company", async () => {
    const email = `${unique("mallory")}@example.com`;
    const res = await api("/api/register", {
      body: {
        firstName: "Mallory",
        lastName: "Smuggler",
        name: unique("Smuggled Co"),
        email,
        password: OWNER_PASSWORD,
        confirmPassword: OWNER_PASSWORD,
        ...smuggled(foreign),
      },
    });
    expect(res.status).toBe(202);
    const [registered] = await withDb((db) => db.select({ id: users.id }).from(users).where(eq(users.email, email)));
    const user = await userRow(registered!.id);
    expect(user).toMatchObject({ role: "user", isActive: true });
    expect(user.companyId).not.toBe(foreign.companyId);
    expect(await companyRow(user.companyId!)).toMatchObject({ ownerId: user.id, isActive: true });
    expect(await companyRow(foreign.companyId)).toMatchObject({ ownerId: foreign.userId });
  });

  it("a profile change touches only the names", async () => {
    const res = await api("/api/profile", {
      method: "PUT",
      token: memberA.token,
      body: { firstName: "Mary", lastName: "Renamed", email: "taken-over@example.com", ...smuggled(foreign) },
    });
    expect(res.status).toBe(200);
    expect(await userRow(memberA.user.id)).toMatchObject({
      firstName: "Mary",
      lastName: "Renamed",
      email: memberA.email,
      role: "user",
      isActive: true,
      companyId: ownerA.user.companyId,
    });
  });

  it("a new or edited valuer stays in the caller's company", async () => {
    const created = await api("/api/valuers", {
      token: ownerA.token,
      body: { name: "Smuggled Valuer", ...smuggled(foreign), isActive: true, deletedAt: null },
    });
    expect(created.status).toBe(201);
    const edited = await api(`/api/valuers/${created.body.id}`, {
      method: "PUT",
      token: ownerA.token,
      body: { name: "Still Ours", ...smuggled(foreign), isActive: true },
    });
    expect(edited.status).toBe(200);
    const [row] = await withDb((db) => db.select().from(valuers).where(eq(valuers.id, created.body.id)));
    expect(row).toMatchObject({
      id: created.body.id,
      name: "Still Ours",
      companyId: ownerA.user.companyId,
      userId: ownerA.user.id,
      deletedAt: null,
    });
  });

  it("a new code gets its own token, address, count and status whatever the body says", async () => {
    const res = await api("/api/qr-codes", {
      token: memberA.token,
      body: {
        ...codeInput(valuerA.id),
        ...smuggled(foreign),
        publicToken: "AAAAAAAAAAAAAAAA",
        qrCodeData: "https://evil.example/fake-certificate",
        qrCodeUrl: "https://evil.example/fake.png",
        revokedAt: "2025-01-01T00:00:00Z",
        supersededById: 1,
      },
    });
    expect(res.status).toBe(201);
    const [row] = await withDb((db) => db.select().from(qrCodes).where(eq(qrCodes.id, res.body.id)));
    expect(row).toMatchObject({
      companyId: ownerA.user.companyId,
      userId: memberA.user.id,
      revokedAt: null,
      supersededById: null,
    });
    expect(res.body.verificationCount).toBe(0);
    expect(await verificationCount(row!.id)).toBe(0);
    expect(row!.publicToken).not.toBe("AAAAAAAAAAAAAAAA");
    expect(row!.qrCodeData).toBe(`${ORIGIN}/v/${row!.publicToken}`);
  });

  it("company details cannot change the owner, the status or another company", async () => {
    const before = await companyRow(foreign.companyId);
    const res = await api("/api/companies/current", {
      method: "PUT",
      token: ownerA.token,
      body: {
        name: "Owner A Valuers",
        email: `${unique("a-co")}@example.com`,
        currentPassword: ownerA.password,
        ...smuggled(foreign),
        id: foreign.companyId,
        ownerId: memberA.user.id,
      },
    });
    expect(res.status).toBe(200);
    expect(await companyRow(ownerA.user.companyId!)).toMatchObject({
      name: "Owner A Valuers",
      ownerId: ownerA.user.id,
      isActive: true,
    });
    expect(await companyRow(foreign.companyId)).toEqual(before);
  });

  it("an invite belongs to the inviting company, and accepting it makes a plain member of it", async () => {
    const invited = await api("/api/team/invites", {
      token: ownerA.token,
      body: { email: `${unique("joiner")}@example.com`, ...smuggled(foreign) },
    });
    expect(invited.status).toBe(201);
    const [invite] = await withDb((db) => db.select().from(invites).where(eq(invites.id, invited.body.id)));
    expect(invite).toMatchObject({ companyId: ownerA.user.companyId, invitedById: ownerA.user.id });

    const invitation = await waitForEmail(invited.body.email, "invited to join a team");
    const token = linkIn(invitation, "/invite/").pathname.split("/invite/")[1]!;
    const accepted = await acceptInviteViaApi(token, { ...smuggled(foreign), email: "someone-else@example.com" });
    expect(accepted.status).toBe(201);
    expect(await userRow(accepted.body.user.id)).toMatchObject({
      email: invited.body.email,
      role: "user",
      isActive: true,
      companyId: ownerA.user.companyId,
    });
  });

  it("an administrator's status change cannot promote the user", async () => {
    const admin = await createAdminViaDb();
    const target = await insertCompanyOwner();
    const res = await api(`/api/admin/users/${target.userId}/status`, {
      method: "PATCH",
      token: admin.token,
      body: { isActive: false, role: "admin", companyId: foreign.companyId },
    });
    expect(res.status).toBe(200);
    expect(await userRow(target.userId)).toMatchObject({
      isActive: false,
      role: "user",
      companyId: target.companyId,
    });
  });
});
