/**
 * The product's limits that every domain shares (docs/product.md), for the tables, the zod schemas
 * and the screens: text caps, dates, row ids. Each domain's own constants are in schema/limits/
 * (codes, scans, companies, lenders, accounts, integration).
 */
export const LIMITS = {
  email: 255,
  password: 255,
  passwordMin: 10,
  firstName: 100,
  lastName: 100,
  role: 50,
  phone: 50,
  location: 255,
  companyName: 255,
  valuerName: 255,
  qualification: 100,
  currency: 3,
  propertyAddress: 500,
  propertyReference: 100,
  propertyArea: 1000,
  revocationReason: 500,
  billingAddress: 300,
  webhookUrl: 2048,
  registrationBodyName: 255,
  registrationNumber: 100,
  registrationNote: 1000,
  verificationNote: 1000,
  timeZone: 64,
  addressee: 255,
  titleNumber: 100,
  externalReference: 100,
  apiKeyName: 100,
  webhookDescription: 100,
  relianceReference: 100,
  letterDeclineReason: 500,
} as const;

export const DATE_INPUT_MAX = 10;

export const REDIRECT_DELAY_MS = { login: 500, unauthorized: 500 } as const;

export const TOAST_DURATION_MS = 5000;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Ids are Postgres serials (int4): a larger number can name no row, and Postgres refuses it in a query. */
export const MAX_ROW_ID = 2_147_483_647;
