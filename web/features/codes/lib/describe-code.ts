import type { QrCode } from "#schema/responses/index.ts";

export { codeReferenceLine, codeTitle, identityRows, isMotorVehicle } from "#schema/code-description.ts";

/**
 * A withdrawn code (revoked, or superseded by a named replacement) is not verified (the scan page
 * says so too). The server's `status` decides, so every screen agrees with the certificate.
 */
export const isRevoked = (code: Pick<QrCode, "status">) => code.status === "revoked" || code.status === "superseded";
