import type { Json, QrCode } from "../../../../schema/responses";
import { MOTOR_VEHICLE } from "../../../../schema/validation/qr-codes";

type Code = Json<QrCode>;

export const isMotorVehicle = (code: Pick<Code, "propertyType">) => code.propertyType === MOTOR_VEHICLE;

/** The line that names a code in lists: its address, or for a vehicle its reference. */
export function codeTitle(code: Pick<Code, "propertyAddress" | "propertyReference" | "propertyArea">): string {
  return code.propertyAddress || code.propertyReference || code.propertyArea || "Untitled";
}

/** A revoked code is not verified (the scan page says so too). */
export const isRevoked = (code: Pick<Code, "revokedAt">) => Boolean(code.revokedAt);
