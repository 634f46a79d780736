import type { CreditEntryKind } from "#schema/limits/billing.ts";

/** How the ledger names each kind of change (docs/product.md, Glossary: credit). */
export const CREDIT_ENTRY_LABELS: Record<CreditEntryKind, string> = {
  purchase: "Bought",
  issue: "Code issued",
  trial: "Trial",
  grant: "Granted by ValuSeal",
  reversal: "Taken back by ValuSeal",
  adjustment: "Correction",
};

/** "1 credit", "14 credits". */
export const creditsText = (count: number) => `${count.toLocaleString("en-GB")} credit${count === 1 ? "" : "s"}`;

/** "+50", "−1": a change as the ledger shows it. */
export const changeText = (credits: number) => (credits > 0 ? `+${credits}` : `−${Math.abs(credits)}`);
