import { z } from "zod";
import {
  WEBHOOK_ATTEMPT_TRIGGERS,
  WEBHOOK_DELIVERY_FAILURES,
  WEBHOOK_DELIVERY_OUTCOMES,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LOGGED_EVENT_TYPES,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type ApiKeyScope,
  type WebhookEventType,
} from "./limits/integration";
import { SCAN_KINDS } from "./limits/scans";
import { CODE_STATUSES, COPY_VERDICTS, ISSUER_TRUST, VALUATION_PURPOSES } from "./limits/codes";
import { propertyMeasureFields } from "./responses/described-code";
import { day, decimal, timestamp } from "./responses/fields";
import { PUBLIC_TOKEN_PATTERN } from "./public-token";
import { revokeCodeSchema } from "./validation/code-status";

/**
 * The integration API's answers (/api/v1), as zod schemas: the Worker builds its OpenAPI document
 * from them (worker/routes/v1), and the API tests parse every real answer with them, so an answer
 * the document does not describe fails a test. Objects are strict for the same reason: a field the
 * document does not name is an error, not a silent extra.
 *
 * A code is named by its token (the random part of its public address), never by a row number.
 */

/**
 * What a program branches on when a request fails: one code per kind of refusal, stable across
 * releases, while `message` is for people and may be reworded. Most follow the status; a few name
 * a refusal a client handles on its own (a reference already issued, an Idempotency-Key in use).
 */
export const ERROR_CODES = [
  "invalid_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payment_required",
  "reference_taken",
  "idempotency_key_in_use",
  "idempotency_key_reused",
  "payload_too_large",
  "unsupported_media_type",
  "unprocessable",
  "rate_limited",
  "internal_error",
  "unavailable",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z
  .strictObject({
    code: z.enum(ERROR_CODES).meta({ description: "What went wrong, for programs: stable across releases" }),
    message: z.string().meta({ example: "Validation failed" }),
    errors: z
      .array(z.string())
      .optional()
      .meta({ description: "One line per invalid field", example: ["marketValue: Market value is required"] }),
  })
  .meta({ id: "Error", description: "Every error has this shape, whatever the status" });

const v1SignerSchema = z
  .strictObject({ name: z.string(), qualification: z.string().nullable() })
  .meta({ id: "Signer", description: "The valuer who signed, as frozen on the certificate" });

const v1CodeSchema = z
  .strictObject({
    id: z
      .string()
      .meta({ description: "The code's token: the random part of its address", example: "k3J9x2LmQp7Rt5Vw" }),
    url: z.url().meta({
      description: "The public address the QR code encodes",
      example: "https://valuseal.co.ke/v/k3J9x2LmQp7Rt5Vw",
    }),
    verificationCode: z.string().meta({ description: "The code people type on /verify", example: "VS-7K3M-9Q2P-4H" }),
    status: z.enum(CODE_STATUSES),
    issuerTrust: z.enum(ISSUER_TRUST).meta({
      description: "Whether ValuSeal verified the issuer identity frozen on the code (the certificate's colour)",
    }),
    issuerName: z.string(),
    issuerEmail: z.string(),
    valuer: v1SignerSchema.nullable(),
    propertyType: z.string().meta({ example: "Real Estate" }),
    propertyAddress: z.string().meta({ example: "Plot 12, Riverside Drive, Nairobi" }),
    propertyReference: z.string().nullable(),
    propertyArea: z.string().nullable(),
    ...propertyMeasureFields,
    titleNumber: z.string().nullable(),
    externalReference: z.string().nullable().meta({
      description: "The firm's own reference (its job number), unique within the firm",
      example: "JOB-2026-0142",
    }),
    marketValue: decimal,
    forcedSaleValue: decimal.nullable(),
    currency: z.string().meta({ example: "KES" }),
    valuationDate: day,
    inspectionDate: day.nullable(),
    validUntil: day,
    addressee: z.string().nullable().meta({ description: "The lender or client the report was prepared for" }),
    purpose: z.enum(VALUATION_PURPOSES).nullable(),
    revokedAt: timestamp.nullable(),
    revokedReason: z.string().nullable(),
    supersededBy: z.string().nullable().meta({ description: "The id of the code that replaces this one" }),
    scanCount: z.number().int().meta({ description: "Counted scans by people" }),
    createdAt: timestamp,
  })
  .meta({ id: "Code", description: "A verification code and the certificate it stands for" });

export const v1CodeWithImageSchema = v1CodeSchema
  .extend({ qrCodeSvg: z.string().meta({ description: "The QR image as SVG markup" }) })
  .meta({ id: "CodeWithImage", description: "A code with its QR image" });

export const v1CodeBatchResultSchema = z
  .strictObject({
    results: z.array(
      z.strictObject({
        externalReference: z.string().meta({ example: "JOB-2026-0142" }),
        status: z.enum(["created", "existing"]).meta({
          description: "existing: the reference already had this code (an earlier batch, or this one sent again)",
        }),
        code: v1CodeWithImageSchema,
      }),
    ),
  })
  .meta({ id: "CodeBatchResult", description: "One result per row, in the order sent" });

export const v1CodePageSchema = z
  .strictObject({
    items: z.array(v1CodeSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "CodePage", description: "One page of codes, newest first" });

const v1ScanSchema = z
  .strictObject({
    at: timestamp,
    kind: z.enum(SCAN_KINDS),
    counted: z.boolean().meta({ description: "False for a link preview, and for a repeat by the same visitor" }),
    country: z.string().nullable().meta({ example: "KE" }),
    city: z.string().nullable(),
    deviceClass: z.string().nullable(),
    page: z.number().int().nullable().meta({ description: "The sealed report's page whose QR was scanned" }),
    checkVerdict: z.enum(COPY_VERDICTS).nullable(),
  })
  .meta({ id: "Scan" });

export const v1CodeScansSchema = z
  .strictObject({
    scans: z.array(v1ScanSchema).meta({ description: "The latest visits, newest first" }),
    daily: z.array(z.strictObject({ date: z.string().meta({ example: "2026-11-27" }), count: z.number().int() })),
    uniqueScanners: z.number().int(),
  })
  .meta({ id: "CodeScans" });

export const v1BalanceSchema = z
  .strictObject({
    balance: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: "Credits left: one pays for one code issued", example: 14 }),
  })
  .meta({ id: "Balance", description: "The firm's code credits" });

export const v1ValuerSchema = z
  .strictObject({
    id: z.number().int().meta({ description: "Pass it as valuerId when issuing a code", example: 7 }),
    name: z.string(),
    qualification: z.string().nullable(),
    registrationNumber: z.string().nullable(),
  })
  .meta({ id: "Valuer", description: "An active valuer of the firm who can sign certificates" });

export const v1RevokeSchema = z
  .strictObject({
    reason: revokeCodeSchema.shape.reason,
    supersededBy: z
      .string()
      .regex(PUBLIC_TOKEN_PATTERN, "Choose another code of your company")
      .optional()
      .meta({ description: "The id of another code of the firm that replaces it", example: "Qw8Zt3Yp1Lm6Rx2N" }),
  })
  .meta({ id: "Revocation" });

export const webhookEndpointAnswerSchema = z
  .strictObject({
    id: z.string().meta({ description: "The endpoint's id", example: "ep_8fJ2kLmQ4pRt6VwX9yZa1bC3" }),
    url: z.string().meta({ example: "https://hooks.example.com/valuseal" }),
    description: z.string(),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    disabledReason: z
      .enum(WEBHOOK_DISABLED_REASONS)
      .nullable()
      .meta({ description: "owner: turned off by the company; failing: turned off after a day of failed deliveries" }),
    failingSince: timestamp.nullable().meta({ description: "The first failed attempt since the last delivery" }),
    previousSecretExpiresAt: timestamp.nullable().meta({
      description:
        "After a rotation: until then each delivery also carries a signature by the replaced secret; null when only the current secret signs",
    }),
    createdAt: timestamp,
  })
  .meta({ id: "WebhookEndpoint", description: "Where events are POSTed, signed the Standard Webhooks way" });

export const webhookEndpointCreatedSchema = webhookEndpointAnswerSchema
  .extend({
    secret: z.string().meta({
      description: "The signing secret, shown this once: verify deliveries with it (Standard Webhooks libraries)",
      example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    }),
  })
  .meta({ id: "WebhookEndpointCreated" });

/** POST /webhooks/:id/secret: a new signing secret, and how long the one it replaces goes on signing. */
export const webhookSecretRotationSchema = z
  .strictObject({
    previousSecretHours: z
      .union(
        WEBHOOK_PREVIOUS_SECRET_HOURS.map((hours) => z.literal(hours)),
        { error: `Choose ${WEBHOOK_PREVIOUS_SECRET_HOURS.join(" or ")} hours` },
      )
      .default(24)
      .meta({
        description:
          "0 stops the old secret at once (it leaked); 24 signs with both for a day, so the receiver can switch without losing events",
      }),
  })
  .meta({ id: "WebhookSecretRotation" });
export const webhookTestEventAnswerSchema = z
  .strictObject({
    message: z.string(),
    eventId: z.string().meta({ description: "The test event's id: its attempt appears in the delivery log under it" }),
  })
  .meta({ id: "WebhookTestEvent" });

export type WebhookSecretRotation = z.output<typeof webhookSecretRotationSchema>;

const webhookAttemptSchema = z
  .strictObject({
    eventId: z.string().meta({ description: "The event's id, sent as webhook-id", example: "msg_2b7Xk9LmQp4Rt" }),
    eventType: z.enum(WEBHOOK_LOGGED_EVENT_TYPES),
    attempt: z.number().int().meta({ description: "1 for the first try; resends continue the count" }),
    trigger: z.enum(WEBHOOK_ATTEMPT_TRIGGERS),
    attemptedAt: timestamp,
    statusCode: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The receiver's HTTP status; null when none answered" }),
    responseMs: z.number().int().nullable(),
    failure: z.enum(WEBHOOK_DELIVERY_FAILURES).nullable().meta({ description: "null when the receiver answered 2xx" }),
    deliveryOutcome: z.enum(WEBHOOK_DELIVERY_OUTCOMES).meta({ description: "How the delivery stands now" }),
    requestBody: z.string().meta({ description: "The JSON body that was POSTed" }),
    responseBody: z.string().nullable().meta({
      description: "The start of the receiver's answer (2 KB at most); null when none came",
    }),
  })
  .meta({ id: "WebhookAttempt", description: "One attempt to deliver an event to the endpoint" });

export const webhookAttemptPageSchema = z
  .strictObject({
    items: z.array(webhookAttemptSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "WebhookAttemptPage", description: "The endpoint's delivery log, newest first" });

/** What each event type reports, for the document, the settings screen and its help. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "code.issued": "A code is issued, one at a time or in a batch",
  "code.scanned": "A code is scanned (counted scans only, not link previews or repeats)",
  "code.revoked": "A code is revoked (for a lender: a code it watches)",
  "code.superseded": "A code is revoked and replaced by another (for a lender: a code it watches)",
  "code.reinstated": "A revoked code is reinstated by the firm's owner: valid again (for a lender: a code it watches)",
  "code.expired": "A code's validity ends (for a lender: a code it watches)",
  "seal.check_mismatch": "A copy checked against a sealed report differs from it",
  "reliance.duplicate":
    "Another institution records reliance on a code already relied on (for a firm: its code, with how many institutions; for a lender: a code it relies on)",
  "issuer.suspended": "A lender's: ValuSeal suspended the firm that issued codes it watches",
  "valuer.deregistered":
    "A lender's: a new snapshot of the valuers' register removed or suspended the valuer who signed an unexpired code it watches",
};

export type WebhookEndpointAnswer = z.infer<typeof webhookEndpointAnswerSchema>;
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;
export type WebhookAttemptPage = z.infer<typeof webhookAttemptPageSchema>;

/** What each scope allows, for the document's description and the settings screen's help. */
export const API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  "codes:read": "List codes and read one",
  "codes:write": "Issue codes (and list the valuers who can sign them)",
  "codes:revoke": "Revoke codes",
  "scans:read": "Read a code's scans",
  "exports:read": "Download the codes and scans as CSV files",
  "reliance:write": "A lender's: check a valuation and record reliance on it",
  "watches:read": "A lender's: read the watched codes that changed",
  "webhooks:manage": "Add, change and remove webhook endpoints, read their delivery logs and resend deliveries",
};

export type V1Code = z.infer<typeof v1CodeSchema>;
