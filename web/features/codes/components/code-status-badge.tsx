import { Badge } from "../../../components/ui/card";
import { isRevoked, type QrCode } from "../types";

/** History status (SPEC 2, 4): "Verified", unless the company revoked the code. */
export function CodeStatusBadge({ code }: { code: Pick<QrCode, "revokedAt"> }) {
  return isRevoked(code) ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Verified</Badge>;
}
