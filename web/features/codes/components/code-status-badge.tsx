import type { Json, QrCode } from "../../../../schema/responses";
import { Badge } from "../../../components/ui/card";
import { isRevoked } from "../lib/describe-code";

/** A code's status in lists: "Verified", unless the company revoked the code. */
export function CodeStatusBadge({ code }: { code: Pick<Json<QrCode>, "revokedAt"> }) {
  return isRevoked(code) ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Verified</Badge>;
}
