import type { CodeStatusName } from "../../../../schema/limits";
import { StatusBadge, type StatusName } from "../../../components/ui/status-badge";

const BADGES: Record<CodeStatusName, StatusName> = {
  valid: "code-valid",
  expired: "code-expired",
  revoked: "code-revoked",
  superseded: "code-superseded",
};

/** A code's one status as the server computed it, in the same words on every screen. */
export function CodeStatusBadge({ status, className }: { status: CodeStatusName; className?: string }) {
  return <StatusBadge status={BADGES[status]} className={className} />;
}
