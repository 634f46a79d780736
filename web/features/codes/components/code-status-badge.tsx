import type { Json, QrCode } from "../../../../schema/responses";
import { StatusBadge } from "../../../components/ui/status-badge";
import { isRevoked } from "../lib/describe-code";

/** A code's status: "Verified", unless the company revoked the code. */
export function CodeStatusBadge({ code }: { code: Pick<Json<QrCode>, "revokedAt"> }) {
  return <StatusBadge status={isRevoked(code) ? "code-revoked" : "code-valid"} />;
}
