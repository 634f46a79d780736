/** Registers of valuers: what a source is, and the limits of an import. */

/**
 * A published list (a register's list as its keeper publishes it, imported as a snapshot), or
 * manual evidence (each valuer's practising certificate, reviewed by ValuSeal until a list exists).
 */
export const REGISTER_SOURCE_KINDS = ["published-list", "manual-evidence"] as const;
export type RegisterSourceKind = (typeof REGISTER_SOURCE_KINDS)[number];

/** The most rows one snapshot holds: Kenya's register lists about a thousand valuers. */
export const REGISTER_IMPORT_MAX_ROWS = 20_000;
/** The largest file an import reads (a 20,000-row CSV is about 1.5 MB). */
export const REGISTER_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
/** The columns a snapshot's file has, in its header row (any order, any case). */
export const REGISTER_IMPORT_COLUMNS = ["registration number", "name", "status", "valid until"] as const;
