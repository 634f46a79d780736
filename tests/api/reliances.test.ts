import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { acknowledgementText } from "#verifier/texts/reliance-acknowledgements.ts";
import { relianceCheckAnswer, relianceRecordedAnswer } from "#schema/responses/index.ts";
import { formatDate } from "#schema/format-date.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import {
  ADDRESSED_TO_ANOTHER,
  institutionKey,
  RELIANCE_ALREADY_RECORDED,
  RELIANCE_NEEDS_CONFIRMATION,
  reliedOnElsewhere,
  SAME_TITLE_DIFFERS,
} from "#worker/services/lenders/reliances.ts";
import { LENDER_NOT_VERIFIED } from "#worker/services/lenders/relied-codes.ts";
import { companyIdOf, registerOwnerViaServices, type Account } from "./fixtures/accounts";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { codeInput, insertCode } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, randomIp, unique } from "./fixtures/http";
import { insertValuer } from "./fixtures/valuers";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A bank that registered as a lender and that ValuSeal verified (unless told not to). */
async function registerLender(name = `${unique("Bank")} Bank Limited`, { verified = true } = {}) {
  const lender = await registerOwnerViaServices({ name, organisationKind: "lender", lenderType: "bank" });
  if (verified) await verifyCompanyViaAdmin(companyIdOf(lender));
  return lender;
}

const check = (lender: Account, code: string) => api("/api/reliances/check", { token: lender.token, body: { code } });
const rely = (lender: Account, code: string, reference = unique("LN"), amount = "30000000.00") =>
  api("/api/reliances", {
    token: lender.token,
    body: { code, reference, amount, reliedOn: formatDate(new Date(), "short") },
  });

let firm: Account;

beforeAll(async () => {
  firm = await registerOwnerViaServices();
  await verifyCompanyViaAdmin(companyIdOf(firm));
});

describe("a lender records reliance on a valuation", () => {
  it("sees the certificate and no warning for a valuation addressed to it, then records the loan with its reference masked", async () => {
    const lender = await registerLender("Equity Bank Kenya Limited");
    const code = await insertCode(firm, { addressee: "EQUITY BANK (KENYA) LTD", titleNumber: unique("LR") });

    const checked = await check(lender, code.verificationCode);
    expect(checked.status).toBe(200);
    const { code: shown, warnings } = relianceCheckAnswer.parse(checked.body);
    expect(shown).toMatchObject({ token: code.publicToken, status: "valid", issuerName: code.issuerName });
    expect(warnings).toEqual([]);

    const recorded = await rely(lender, code.publicToken, "ln-2026/004821", "30000000");
    expect(recorded.status).toBe(201);
    const { reliance } = relianceRecordedAnswer.parse(recorded.body);
    expect(reliance).toMatchObject({ maskedReference: "••••4821", amount: "30000000.00", currency: "KES" });

    const listed = await api("/api/reliances", { token: lender.token });
    expect(listed.body).toEqual([reliance]);
    // Another lender's list never shows it.
    const other = await registerLender();
    expect((await api("/api/reliances", { token: other.token })).body).toEqual([]);
  });

  it("never keeps the loan reference in clear: no column of any table holds it", async () => {
    const lender = await registerLender();
    const code = await insertCode(firm);
    const reference = `SECRET-${unique("LOAN")}`;
    expect((await rely(lender, code.publicToken, reference)).status).toBe(201);
    // Every row of every table, as text, searched for the reference in any case.
    const found = await withDb(async (db) => {
      const tables = await db.execute<{ table_name: string }>(
        sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      );
      const hits: string[] = [];
      for (const { table_name } of tables.rows) {
        const rows = await db.execute<{ hit: boolean }>(
          sql`SELECT bool_or(t::text ILIKE ${`%${reference}%`}) AS hit FROM ${sql.identifier(table_name)} t`,
        );
        if (rows.rows[0]?.hit) hits.push(table_name);
      }
      return hits;
    });
    expect(found).toEqual([]);
  });

  it("refuses the same reference on the same valuation twice, and accepts another loan", async () => {
    const lender = await registerLender();
    const code = await insertCode(firm);
    expect((await rely(lender, code.publicToken, "LN-77")).status).toBe(201);
    const again = await rely(lender, code.publicToken, " ln-77 ");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RELIANCE_ALREADY_RECORDED);
    expect((await rely(lender, code.publicToken, "LN-78")).status).toBe(201);
  });
});

describe("what a lender is warned of before relying", () => {
  it("a valuation prepared for another institution", async () => {
    const lender = await registerLender();
    const code = await insertCode(firm, { addressee: "Kenya Commercial Bank" });
    const { warnings } = relianceCheckAnswer.parse((await check(lender, code.publicToken)).body);
    expect(warnings).toEqual([{ kind: "addressed-to-another", message: ADDRESSED_TO_ANOTHER }]);
  });

  it("another institution's reliance on the same valuation, with its date and never its name", async () => {
    const first = await registerLender("Harbour Bank Limited");
    const second = await registerLender();
    const code = await insertCode(firm);
    expect((await rely(first, code.publicToken)).status).toBe(201);

    const checked = await check(second, code.publicToken);
    const { warnings } = relianceCheckAnswer.parse(checked.body);
    expect(warnings).toEqual([{ kind: "relied-on-elsewhere", message: reliedOnElsewhere(new Date()) }]);
    expect(JSON.stringify(checked.body)).not.toContain("Harbour");
    // The first lender is not warned of its own reliance.
    expect(relianceCheckAnswer.parse((await check(first, code.publicToken)).body).warnings).toEqual([]);
  });

  it("another valuation of the same title within six months more than 15 % apart, without naming the other firm", async () => {
    const lender = await registerLender();
    const otherFirm = await registerOwnerViaServices({ name: "Faraway Appraisers" });
    const title = unique("LR");
    const valuationDate = new Date(Date.now() - 30 * DAY_MS);
    const code = await insertCode(firm, { titleNumber: `${title}/12`, marketValue: "40000000", valuationDate });
    // The same title written another way, valued four months earlier at half as much again.
    await insertCode(otherFirm, {
      titleNumber: ` ${title.toLowerCase()}-12 `,
      marketValue: "60000000",
      valuationDate: new Date(valuationDate.getTime() - 120 * DAY_MS),
    });
    const checked = await check(lender, code.publicToken);
    const { warnings } = relianceCheckAnswer.parse(checked.body);
    expect(warnings).toEqual([
      {
        kind: "same-title-differs",
        message: "Another valuation of this title within 6 months differs by more than 15 %",
      },
    ]);
    expect(SAME_TITLE_DIFFERS).toBe(warnings[0]!.message);
    expect(JSON.stringify(checked.body)).not.toContain("Faraway");
    // A probe with a value of its own learns the band, never the other firm's figure.
    const probe = await insertCode(firm, { titleNumber: `${title}/12`, marketValue: "1", valuationDate });
    expect(JSON.stringify((await check(lender, probe.publicToken)).body)).not.toMatch(/\d{3,} %|6000000/);
  });

  it("no warning for the same title valued 10 % apart, or more than six months away", async () => {
    const lender = await registerLender();
    const title = unique("LR");
    const valuationDate = new Date(Date.now() - 10 * DAY_MS);
    const code = await insertCode(firm, { titleNumber: title, marketValue: "40000000", valuationDate });
    await insertCode(firm, { titleNumber: title, marketValue: "44000000", valuationDate });
    await insertCode(firm, {
      titleNumber: title,
      marketValue: "90000000",
      valuationDate: new Date(valuationDate.getTime() - 200 * DAY_MS),
    });
    expect(relianceCheckAnswer.parse((await check(lender, code.publicToken)).body).warnings).toEqual([]);
  });
});

describe("relying on what the certificate does not vouch for", () => {
  const relyConfirming = (lender: Account, code: string, acknowledged: string[]) =>
    api("/api/reliances", {
      token: lender.token,
      body: {
        code,
        reference: unique("LN"),
        amount: "1000000",
        reliedOn: formatDate(new Date(), "short"),
        acknowledged,
      },
    });
  const storedAcknowledgements = (publicId: string) =>
    withDb(async (db) => {
      const rows = await db.execute<{ acknowledged: string[] }>(
        sql`SELECT acknowledged FROM reliances WHERE public_id = ${publicId}`,
      );
      return rows.rows[0]!.acknowledged;
    });

  it("asks the lender to confirm an issuer ValuSeal has not verified, refuses without it, and keeps what was confirmed", async () => {
    const lender = await registerLender();
    const unverified = await registerOwnerViaServices({ name: "Knight Frank Kenya Ltd" });
    const code = await insertCode(unverified);

    const checked = relianceCheckAnswer.parse((await check(lender, code.publicToken)).body);
    expect(checked.code).toMatchObject({ status: "valid", issuerTrust: "not-verified", issuerSuspendedAt: null });
    expect(checked.mustConfirm).toEqual(["issuer-not-verified"]);

    const unconfirmed = await rely(lender, code.publicToken);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({
      message: RELIANCE_NEEDS_CONFIRMATION,
      errors: ["I rely on it although the certificate says “Issuer not verified by ValuSeal”"],
    });
    expect((await api("/api/reliances", { token: lender.token })).body).toEqual([]);

    const confirmed = await relyConfirming(lender, code.publicToken, ["issuer-not-verified"]);
    expect(confirmed.status).toBe(201);
    const { reliance } = relianceRecordedAnswer.parse(confirmed.body);
    expect(await storedAcknowledgements(reliance.id)).toEqual(["issuer-not-verified"]);
  });

  it("asks to confirm a valuation addressed to another institution without a reliance letter, and nothing for a green one", async () => {
    const lender = await registerLender();
    const addressed = await insertCode(firm, { addressee: "Kenya Commercial Bank" });
    expect(relianceCheckAnswer.parse((await check(lender, addressed.publicToken)).body).mustConfirm).toEqual([
      "addressed-to-another",
    ]);
    const refused = await relyConfirming(lender, addressed.publicToken, ["issuer-not-verified"]);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([acknowledgementText("addressed-to-another")]);
    expect((await relyConfirming(lender, addressed.publicToken, ["addressed-to-another"])).status).toBe(201);

    // A green valuation addressed to nobody else asks nothing; a confirmation sent anyway is not kept.
    const green = await insertCode(firm);
    expect(relianceCheckAnswer.parse((await check(lender, green.publicToken)).body).mustConfirm).toEqual([]);
    const relied = await relyConfirming(lender, green.publicToken, ["addressed-to-another"]);
    expect(relied.status).toBe(201);
    expect(await storedAcknowledgements(relianceRecordedAnswer.parse(relied.body).reliance.id)).toEqual([]);
  });
});

describe("reliance that is refused", () => {
  it("on a revoked, a superseded and an expired valuation, with the reason", async () => {
    const lender = await registerLender();
    const revoked = await insertCode(firm, { revokedAt: new Date(), revokedReason: "Wrong plot surveyed" });
    const successor = await insertCode(firm);
    const superseded = await insertCode(firm, { revokedAt: new Date(), supersededById: successor.id });
    const expired = await insertCode(firm, {
      valuationDate: new Date(Date.now() - 200 * DAY_MS),
      validUntil: new Date(Date.now() - 20 * DAY_MS),
    });
    for (const [code, message] of [
      [revoked, "This valuation was revoked by its issuer: Wrong plot surveyed. Reliance cannot be recorded."],
      [
        superseded,
        `This valuation was replaced by a newer one (${formatVerificationCode(successor.verificationCode)}). Record reliance on that one.`,
      ],
      [expired, `This valuation expired on ${formatDate(expired.validUntil)}. Reliance cannot be recorded.`],
    ] as const) {
      for (const res of [await check(lender, code.publicToken), await rely(lender, code.publicToken)]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(message);
      }
    }
  });

  it("until ValuSeal has verified the lender", async () => {
    const lender = await registerLender(undefined, { verified: false });
    const code = await insertCode(firm);
    const res = await rely(lender, code.publicToken);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(LENDER_NOT_VERIFIED);
  });

  it("for a valuation firm, and a lender may not issue codes or sign valuers (its keys are tested with lender watches)", async () => {
    const code = await insertCode(firm);
    expect((await rely(firm, code.publicToken)).status).toBe(403);
    expect((await api("/api/reliances", { token: firm.token })).status).toBe(403);

    const lender = await registerLender();
    const valuer = await insertValuer(companyIdOf(lender));
    for (const [path, body] of [
      ["/api/qr-codes", codeInput(valuer.id)],
      ["/api/qr-codes/batch", { codes: [{ ...codeInput(valuer.id), externalReference: "R1" }] }],
      ["/api/valuers", { name: "Jane Lender" }],
    ] as const) {
      const res = await api(path, { token: lender.token, body });
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toBe("Only a valuation firm can do this. Your organisation relies on valuations.");
    }
  });

  it("for a code nobody issued", async () => {
    const lender = await registerLender();
    expect((await check(lender, "VS-2222-3333-44")).status).toBe(404);
    expect((await check(lender, "not a code at all")).status).toBe(404);
  });
});

describe("an institution's name as Prepared For writes it", () => {
  it("matches across case, punctuation, 'The' and 'Limited', and no further", () => {
    expect(institutionKey("The Equity Bank (Kenya) Limited")).toBe(institutionKey("EQUITY BANK KENYA LTD"));
    expect(institutionKey("Equity Bank Kenya")).not.toBe(institutionKey("Equity Group Holdings"));
  });
});

describe("a lender's typed codes are guesses until they match", () => {
  it("spend the same per-network budget as /verify, and a scanned code's token spends none", async () => {
    const lender = await registerLender();
    const code = await insertCode(firm);
    const ip = randomIp();
    const typed = (n: number) => `VS-${String(n).padStart(4, "0")}-0000-00`;
    const answers = [];
    for (let n = 0; n < 10; n++) {
      answers.push((await api("/api/reliances/check", { ip, token: lender.token, body: { code: typed(n) } })).status);
    }
    expect(answers).toEqual(Array(10).fill(404));
    const over = await api("/api/reliances/check", { ip, token: lender.token, body: { code: code.verificationCode } });
    expect(over).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    // The same budget as the public form: switching to it gains nothing.
    expect((await api(`/verify?code=${encodeURIComponent(code.verificationCode)}`, { ip })).status).toBe(429);
    // The code's own token (from a scan) is no guess.
    expect(
      (await api("/api/reliances/check", { ip, token: lender.token, body: { code: code.publicToken } })).status,
    ).toBe(200);
  });
});
