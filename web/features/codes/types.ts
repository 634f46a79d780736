import type { Currency, PropertyType } from "../../../schema/limits";
import { MOTOR_VEHICLE } from "../../../schema/validation/qr-codes";

/** A verification code as GET /api/qr-codes answers (SPEC 3): money and sizes are decimal strings. */
export interface QrCode {
  id: number;
  publicToken: string;
  userId: number;
  companyId: number;
  valuationDate: string;
  marketValue: string;
  currency: Currency;
  valuerId: number | null;
  propertyAddress: string;
  propertyReference: string | null;
  propertyArea: string | null;
  propertyType: PropertyType;
  propertySize: string | null;
  propertySizeUnit: string | null;
  landSize: string | null;
  landSizeUnit: string | null;
  /** The public verification address the image encodes. */
  qrCodeData: string;
  qrCodeUrl: string | null;
  verificationCount: number;
  isActive: boolean;
  revokedAt: string | null;
  revokedReason: string | null;
  createdAt: string;
  updatedAt: string;
  valuer: { name: string; qualification: string | null } | null;
}

/** One code read on its own (GET /api/qr-codes/:id, POST answer): with the SVG image as a data URL. */
export interface QrCodeWithImage extends QrCode {
  qrCodeDataUrl: string;
}

export interface QrCodePage {
  items: QrCode[];
  page: number;
  pageSize: number;
  total: number;
}

export const isMotorVehicle = (code: Pick<QrCode, "propertyType">) => code.propertyType === MOTOR_VEHICLE;

/** The line that names a code in lists: its address, or for a vehicle its reference. */
export function codeTitle(code: Pick<QrCode, "propertyAddress" | "propertyReference" | "propertyArea">): string {
  return code.propertyAddress || code.propertyReference || code.propertyArea || "Untitled";
}

/** A revoked code is not verified (the scan page says so too). */
export const isRevoked = (code: Pick<QrCode, "revokedAt">) => Boolean(code.revokedAt);
