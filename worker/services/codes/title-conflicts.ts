import { sql } from "drizzle-orm";
import { SAME_TITLE_DIFFERENCE_PERCENT, SAME_TITLE_WINDOW_MONTHS } from "#schema/limits/lenders.ts";
import { type CodeStatusName } from "#schema/limits/codes.ts";
import type { PaginationQuery } from "#schema/validation/pagination.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { Database } from "#worker/db.ts";
import { codeStatusExpression, isoText } from "#worker/lib/code-status.ts";
import { fetchPage } from "#worker/lib/pagination.ts";
import { rowsOf } from "../integration/webhooks";

/**
 * Same title, different values: pairs of valuations of one title (compared as letters and digits,
 * any case) made within 6 months of each other whose market values, in one currency, differ by more
 * than 15 % of the lower. A lender relying on either is warned without being told who made the
 * other; the administrator sees both, with their firms, to look into it. A correction (a code and
 * the code that replaced it) is not a second opinion and is left out.
 */

const side = (code: string) =>
  sql.raw(`json_build_object(
    'token', ${code}.public_token,
    'verificationCode', ${code}.verification_code,
    'issuerName', ${code}.issuer_name,
    'companyId', ${code}.company_id,
    'marketValue', ${code}.market_value::text,
    'currency', ${code}.currency,
    'valuationDate', ${isoText(`${code}.valuation_date`)},
    'status', ${codeStatusExpression(code, `(SELECT time_zone FROM companies WHERE companies.id = ${code}.company_id)`)},
    'institutions', (SELECT count(DISTINCT r.lender_company_id) FROM reliances r WHERE r.code_id = ${code}.id))`);

const key = (code: string) => sql.raw(`upper(regexp_replace(${code}.title_number, '[^[:alnum:]]', '', 'g'))`);

const PAIRS = sql`
  FROM qr_codes a JOIN qr_codes b
    ON ${key("b")} = ${key("a")} AND b.title_number IS NOT NULL AND b.id > a.id
    AND b.currency = a.currency
    AND b.valuation_date BETWEEN a.valuation_date - ${sql.raw(`interval '${SAME_TITLE_WINDOW_MONTHS} months'`)}
      AND a.valuation_date + ${sql.raw(`interval '${SAME_TITLE_WINDOW_MONTHS} months'`)}
    AND a.superseded_by_id IS DISTINCT FROM b.id AND b.superseded_by_id IS DISTINCT FROM a.id
  WHERE a.title_number IS NOT NULL
    AND abs(a.market_value - b.market_value) * 100 > ${SAME_TITLE_DIFFERENCE_PERCENT} * nullif(least(a.market_value, b.market_value), 0)`;

const PAIR_COUNT = sql`SELECT count(*)::int AS total ${PAIRS}`;

interface ConflictSide {
  token: string;
  verificationCode: string;
  issuerName: string;
  companyId: number;
  marketValue: string;
  currency: string;
  valuationDate: string;
  status: CodeStatusName;
  institutions: number;
}

/** GET /api/admin/title-conflicts: the pairs, the most recent valuation first. */
export function titleConflictPage(db: Database, query: PaginationQuery) {
  return fetchPage(
    query.page ?? 1,
    query.pageSize ?? 10,
    async ({ limit, offset }) => {
      const result = await db.execute(sql`
        SELECT a.title_number,
          -- float8: a KES 1 valuation beside millions is a difference past any integer.
          round(abs(a.market_value - b.market_value) * 100 / least(a.market_value, b.market_value))::float8 AS percent,
          ${side("a")} AS first, ${side("b")} AS second,
          (${PAIR_COUNT}) AS total
        ${PAIRS}
        ORDER BY greatest(a.valuation_date, b.valuation_date) DESC, b.id DESC
        LIMIT ${limit} OFFSET ${offset}`);
      return rowsOf<{
        title_number: string;
        percent: number;
        first: ConflictSide;
        second: ConflictSide;
        total: number;
      }>(result).map((row) => ({
        total: row.total,
        titleNumber: row.title_number,
        percent: row.percent,
        codes: [row.first, row.second].map((code) => ({
          ...code,
          verificationCode: formatVerificationCode(code.verificationCode),
          institutions: Number(code.institutions),
        })),
      }));
    },
    async () => {
      const result = await db.execute(PAIR_COUNT);
      return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
    },
  );
}
