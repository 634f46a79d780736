/** People's roles and the purposes of the links emailed to them. */

export const ROLES = { user: "user", admin: "admin" } as const;

/** What a one-time emailed link does. */
export const EMAIL_TOKEN_PURPOSES = [
  "confirm-email",
  "change-user-email",
  "change-company-email",
  "password-reset",
] as const;

export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];
