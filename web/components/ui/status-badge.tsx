import { cn } from "#web/lib/cn.ts";
import { BADGE_TONES } from "./card";

/**
 * Every state the product shows, with its one label and colour, so a state reads the same on
 * every screen: green for good standing, amber for waiting, red for withdrawn or failed, grey for
 * switched off.
 */
export const STATUS_BADGES = {
  // A code's one status (CODE_STATUSES), in the same words as the history's status filter: "Valid"
  // while it stands and is in date (not "Verified": only the certificate, under the trusted-issuer
  // rule, may say that); amber once its validity has run out; red once withdrawn.
  "code-valid": { label: "Valid", tone: "green" },
  "code-expired": { label: "Expired", tone: "amber" },
  "code-revoked": { label: "Revoked", tone: "red" },
  "code-superseded": { label: "Superseded", tone: "red" },
  "code-reinstated": { label: "Reinstated", tone: "green" },
  // A company's identity check by ValuSeal.
  "issuer-pending": { label: "Awaiting verification", tone: "amber" },
  "issuer-verified": { label: "Verified", tone: "green" },
  "issuer-rejected": { label: "Not verified", tone: "red" },
  // An account, company or valuer switched on or off.
  active: { label: "Active", tone: "green" },
  inactive: { label: "Inactive", tone: "slate" },
  // A sign-in email address.
  "email-confirmed": { label: "Confirmed", tone: "green" },
  "email-unconfirmed": { label: "Not confirmed", tone: "amber" },
  // One attempt to deliver an event to a webhook endpoint (its delivery log).
  "delivery-delivered": { label: "Delivered", tone: "green" },
  "delivery-failed": { label: "Failed", tone: "red" },
  // A purchase of credits (PURCHASE_STATUSES).
  "purchase-pending": { label: "Confirming", tone: "amber" },
  "purchase-paid": { label: "Paid", tone: "green" },
  "purchase-failed": { label: "Not paid", tone: "red" },
  "purchase-refunded": { label: "Refunded", tone: "slate" },
  // A valuer's registration as a code issued today would carry it (VALUER_CHECK_RESULTS, decision 062).
  "register-matched": { label: "On the register", tone: "green" },
  "register-accepted": { label: "Practising certificate accepted", tone: "green" },
  "register-name-differs": { label: "Name differs", tone: "amber" },
  "register-not-found": { label: "Not on the register", tone: "amber" },
  "register-removed": { label: "Removed from the register", tone: "red" },
  "register-suspended": { label: "Suspended", tone: "red" },
  "register-expired": { label: "Practising certificate expired", tone: "amber" },
  "register-stale": { label: "Register out of date", tone: "slate" },
  "register-not-checked": { label: "Not checked", tone: "slate" },
  // A request about personal data (DATA_REQUEST_STATUSES), and one still open past its due day.
  "data-request-open": { label: "Open", tone: "amber" },
  "data-request-overdue": { label: "Overdue", tone: "red" },
  "data-request-done": { label: "Answered", tone: "green" },
  "data-request-refused": { label: "Refused", tone: "slate" },
} as const satisfies Record<string, { label: string; tone: keyof typeof BADGE_TONES }>;

export type StatusName = keyof typeof STATUS_BADGES;

/** One state as a pill with a leading dot; the dot is decoration, the label carries the meaning. */
export function StatusBadge({ status, className }: { status: StatusName; className?: string }) {
  const { label, tone } = STATUS_BADGES[status];
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        BADGE_TONES[tone],
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}
