import type { CertificateEvent, CertificateRecord } from "../schema/signed-records";
import { sha256Hex } from "./hashes";

/**
 * A code's records form a chain (docs/decisions/050): each record after the first names the hash of
 * the one before it (`prev`, the previous record's log leaf hash) and may change only the code's
 * state, its withdrawal and its sealed report. What the firm stated at issue, who ValuSeal knew the
 * issuer to be then, and when the code was issued are the same in every record of one code.
 */

/** The parts of a certificate that never change after issue. */
const frozenParts = ({ iss, code, issuer, valuer, property, valuation }: CertificateRecord) => ({
  iss,
  code,
  issuer,
  valuer,
  property,
  valuation,
});

/** JSON with object keys sorted, so two records compare by what they say, not by key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The names of the frozen parts in which two records of one code differ (none: they agree). */
export function frozenDifferences(first: CertificateRecord, other: CertificateRecord): string[] {
  const a = frozenParts(first);
  const b = frozenParts(other);
  return (Object.keys(a) as (keyof typeof a)[]).filter((part) => canonical(a[part]) !== canonical(b[part]));
}

/** The state a transition may change. */
type CertificateState = Pick<CertificateRecord, "withdrawal" | "sealedReport">;

/**
 * The record of a change of state, built from the code's last signed record and never from a
 * database row: the frozen parts are the previous record's, the state is the change's.
 */
export async function transitionRecord(
  previous: { text: string; payload: CertificateRecord },
  change: { event: CertificateEvent; iat: number; state: CertificateState },
): Promise<CertificateRecord> {
  return {
    ...previous.payload,
    iat: change.iat,
    event: change.event,
    prev: await sha256Hex(previous.text),
    withdrawal: change.state.withdrawal,
    sealedReport: change.state.sealedReport,
  };
}

type ChainProblem = "frozen-content-differs" | "broken-link";

/**
 * Checks a code's signed records, oldest first (each already checked for its signature): every
 * record repeats the first one's frozen parts, and every record that names a previous one names
 * the record just before it. Once a record names its previous one, every later one must, too
 * (records signed before chains began name none). Null when the chain holds.
 */
export async function chainProblem(
  records: readonly { text: string; payload: CertificateRecord }[],
): Promise<{ problem: ChainProblem; index: number } | null> {
  const first = records[0];
  if (!first) return null;
  let linked = first.payload.prev !== undefined;
  for (let index = 1; index < records.length; index += 1) {
    const { payload } = records[index]!;
    if (frozenDifferences(first.payload, payload).length > 0) return { problem: "frozen-content-differs", index };
    if (payload.prev === undefined) {
      if (linked) return { problem: "broken-link", index };
      continue;
    }
    linked = true;
    if (payload.prev !== (await sha256Hex(records[index - 1]!.text))) return { problem: "broken-link", index };
  }
  return null;
}
