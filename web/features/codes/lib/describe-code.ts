import type { Json, QrCode } from "../../../../schema/responses";

export { codeReferenceLine, codeTitle, identityRows, isMotorVehicle } from "../../../../schema/code-description";

/** A revoked code is not verified (the scan page says so too). */
export const isRevoked = (code: Pick<Json<QrCode>, "revokedAt">) => Boolean(code.revokedAt);
