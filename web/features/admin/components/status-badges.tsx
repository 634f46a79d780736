import type { VerificationStatus } from "../../../../schema/limits";
import { Badge } from "../../../components/ui/card";

/** The verification filter's choices and each company's badge use the same words. */
export const VERIFICATION_LABELS: Record<VerificationStatus, string> = {
  pending: "Awaiting verification",
  verified: "Verified",
  rejected: "Not verified",
};

const VERIFICATION_TONES = { pending: "amber", verified: "green", rejected: "red" } as const;

/** Where the company stands with ValuSeal's identity check. */
export function VerificationBadge({ status }: { status: VerificationStatus }) {
  return <Badge tone={VERIFICATION_TONES[status]}>{VERIFICATION_LABELS[status]}</Badge>;
}

/** The real active state of a company, user or valuer. */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return <Badge tone={isActive ? "green" : "red"}>{isActive ? "Active" : "Inactive"}</Badge>;
}

export function RoleBadge({ role }: { role: string }) {
  const label = role === "admin" ? "Admin" : role === "user" ? "User" : role;
  return <Badge tone={role === "admin" ? "blue" : "slate"}>{label}</Badge>;
}
