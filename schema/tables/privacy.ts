import { date, index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATUSES, DATA_REQUESTER_ROLES } from "../limits/privacy";

/**
 * A request about personal data from someone who is not a user (a valuer named on certificates, a
 * scanner): recorded by an administrator with its deadline, what was done and the answer sent
 * (worker/services/privacy/data-requests.ts). Never deleted: the log of requests is the evidence
 * that each was answered in time. Each change is also in the audit log.
 */
export const dataRequests = pgTable(
  "data_requests",
  {
    id: serial().primaryKey(),
    requesterName: varchar({ length: 200 }).notNull(),
    /** How to answer them: an email or a postal address, as they gave it. */
    requesterContact: varchar({ length: 300 }).notNull(),
    requesterRole: varchar({ length: 16, enum: DATA_REQUESTER_ROLES }).notNull(),
    kind: varchar({ length: 16, enum: DATA_REQUEST_KINDS }).notNull(),
    /** What they asked, in their words. */
    request: text().notNull(),
    receivedOn: date({ mode: "string" }).notNull(),
    dueOn: date({ mode: "string" }).notNull(),
    status: varchar({ length: 16, enum: DATA_REQUEST_STATUSES }).notNull().default("open"),
    /** What ValuSeal did (records found, erased, corrected, refused and why). */
    actionsTaken: text(),
    /** The answer sent to the person, as sent. */
    answer: text(),
    answeredOn: date({ mode: "string" }),
    recordedByUserId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("data_requests_open_idx").on(t.status, t.dueOn)],
);
