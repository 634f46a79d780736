import { z } from "zod";

/**
 * The wire forms of the values answers share. The Worker hands dates to `c.json` as Date objects
 * and numeric columns as the decimal strings the database returns; what arrives is text.
 */

/** A moment, as JSON.stringify writes a Date. */
export const timestamp = z.iso.datetime().meta({ example: "2026-11-27T09:30:00.000Z" });

/** A calendar day, stored as midnight UTC. */
export const day = z.iso.datetime().meta({
  description: "A calendar day, as midnight UTC",
  example: "2026-11-20T00:00:00.000Z",
});

/** A decimal number as text, exactly as stored (money and sizes never pass through a float). */
export const decimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .meta({ description: "A decimal number as text, exactly as stored", example: "12500000.00" });

/** A row's id (numbers name rows inside a signed-in workspace; public addresses use random tokens). */
export const rowId = z.number().int().positive();
