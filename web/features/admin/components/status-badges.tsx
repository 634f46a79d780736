import type { IssuerReviewState } from "#schema/limits/companies.ts";
import { Badge } from "#web/components/ui/card.tsx";
import { STATUS_BADGES, StatusBadge } from "#web/components/ui/status-badge.tsx";

const REVIEW_STATE_BADGES = {
  pending: "issuer-pending",
  verified: "issuer-verified",
  rejected: "issuer-rejected",
} as const satisfies Record<IssuerReviewState, keyof typeof STATUS_BADGES>;

/** The verification filter's choices and each company's badge use the same words. */
export const VERIFICATION_LABELS = Object.fromEntries(
  Object.entries(REVIEW_STATE_BADGES).map(([status, badge]) => [status, STATUS_BADGES[badge].label]),
) as Record<IssuerReviewState, string>;

/** Where the company stands with ValuSeal's identity check. */
export function VerificationBadge({ status }: { status: IssuerReviewState }) {
  return <StatusBadge status={REVIEW_STATE_BADGES[status]} />;
}

/** The real active state of a company, user or valuer. */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return <StatusBadge status={isActive ? "active" : "inactive"} />;
}

export function RoleBadge({ role }: { role: string }) {
  const label = role === "admin" ? "Admin" : role === "user" ? "User" : role;
  return <Badge tone={role === "admin" ? "blue" : "slate"}>{label}</Badge>;
}
