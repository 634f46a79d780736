import type { VerificationStatus } from "#schema/limits/companies.ts";
import { Badge } from "#web/components/ui/card.tsx";
import { STATUS_BADGES, StatusBadge } from "#web/components/ui/status-badge.tsx";

const VERIFICATION_STATUSES = {
  pending: "issuer-pending",
  verified: "issuer-verified",
  rejected: "issuer-rejected",
} as const satisfies Record<VerificationStatus, keyof typeof STATUS_BADGES>;

/** The verification filter's choices and each company's badge use the same words. */
export const VERIFICATION_LABELS = Object.fromEntries(
  Object.entries(VERIFICATION_STATUSES).map(([status, badge]) => [status, STATUS_BADGES[badge].label]),
) as Record<VerificationStatus, string>;

/** Where the company stands with ValuSeal's identity check. */
export function VerificationBadge({ status }: { status: VerificationStatus }) {
  return <StatusBadge status={VERIFICATION_STATUSES[status]} />;
}

/** The real active state of a company, user or valuer. */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return <StatusBadge status={isActive ? "active" : "inactive"} />;
}

export function RoleBadge({ role }: { role: string }) {
  const label = role === "admin" ? "Admin" : role === "user" ? "User" : role;
  return <Badge tone={role === "admin" ? "blue" : "slate"}>{label}</Badge>;
}
