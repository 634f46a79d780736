import { z } from "zod";
import { rowId, timestamp } from "./fields";

/**
 * A valuer of the company: GET /api/valuers (an array, deleted valuers never listed), and the
 * answer of POST /api/valuers and PUT /api/valuers/:id.
 */
export const valuerAnswer = z.strictObject({
  id: rowId,
  userId: rowId.nullable(),
  companyId: rowId,
  name: z.string(),
  phone: z.string().nullable(),
  qualification: z.string().nullable(),
  registrationNumber: z
    .string()
    .nullable()
    .meta({ description: "The valuer's registration number with their professional body, shown on certificates" }),
  isActive: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Valuer = z.infer<typeof valuerAnswer>;
