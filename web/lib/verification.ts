/**
 * What a scan shows for a valid code whose issuer ValuSeal has not verified; the same words as
 * the server-rendered certificate at /v/<token>, so every screen names the state alike.
 */
export const ISSUER_NOT_VERIFIED = "Issuer not verified by ValuSeal";
