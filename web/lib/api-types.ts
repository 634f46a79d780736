/**
 * The web app's API (/api, signed in with the session's token) paths and schemas, generated from its OpenAPI document by
 * `npm run api:types` (client/generate.ts). Do not edit: change the routes and generate again.
 */
export interface paths {
  "/register": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            firstName: string;
            lastName: string;
            name: string;
            email: string;
            phone?: string;
            location?: string;
            password: string;
            confirmPassword: string;
            /**
             * @default issuer
             * @enum {string}
             */
            organisationKind?: "issuer" | "lender";
            /** @enum {string} */
            lenderType?: "bank" | "sacco" | "microfinance";
            next?: string;
            /**
             * @default en
             * @enum {string}
             */
            language?: "en" | "sw";
          };
        };
      };
      responses: {
        /** @description An email is on its way to the address, taken or free */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              email: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/login": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            email: string;
            password: string;
          };
        };
      };
      responses: {
        /** @description A new session, or the challenge of the account's second step */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json":
              | {
                  token: string;
                  user: {
                    id: number;
                    email: string;
                    firstName: string | null;
                    lastName: string | null;
                    role: string;
                    isActive: boolean;
                    companyId: number | null;
                    /**
                     * Format: date-time
                     * @example 2026-11-27T09:30:00.000Z
                     */
                    createdAt: string;
                    /** @description Whether the user has followed the confirmation link sent to `email`; codes need it */
                    emailVerified: boolean;
                    /** @description A member's choice to receive the company's scan alert emails (the owner always does) */
                    scanAlertEmails: boolean;
                    company: {
                      id: number;
                      name: string;
                      ownerId: number;
                      isActive: boolean;
                      /**
                       * @description A valuation firm (issuer) or a lender
                       * @enum {string}
                       */
                      kind: "issuer" | "lender";
                      /**
                       * Format: date-time
                       * @description When the organisation closes, as its owner asked; the owner can undo it until then
                       * @example 2026-11-27T09:30:00.000Z
                       */
                      closureDueAt: string | null;
                    } | null;
                    secondFactor: {
                      /** @description Two-step sign-in is on for the account */
                      enabled: boolean;
                      /** @description This session proved it (at sign-in, or by setting it up) */
                      verified: boolean;
                      /** @enum {string|null} */
                      requiredBy: "administrator" | "company" | null;
                    };
                    /**
                     * Format: date-time
                     * @description When the account is erased, as its user asked; they can undo it until then
                     * @example 2026-11-27T09:30:00.000Z
                     */
                    deletionDueAt: string | null;
                  };
                }
              | {
                  /** @enum {boolean} */
                  secondFactorRequired: true;
                  challenge: string;
                  /** @description What the account can answer with: its authenticator app (or a recovery code), its passkeys */
                  methods: ("totp" | "passkey")[];
                };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/login/second-factor": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            challenge: string;
            code: string;
          };
        };
      };
      responses: {
        /** @description A new session */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              token: string;
              user: {
                id: number;
                email: string;
                firstName: string | null;
                lastName: string | null;
                role: string;
                isActive: boolean;
                companyId: number | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /** @description Whether the user has followed the confirmation link sent to `email`; codes need it */
                emailVerified: boolean;
                /** @description A member's choice to receive the company's scan alert emails (the owner always does) */
                scanAlertEmails: boolean;
                company: {
                  id: number;
                  name: string;
                  ownerId: number;
                  isActive: boolean;
                  /**
                   * @description A valuation firm (issuer) or a lender
                   * @enum {string}
                   */
                  kind: "issuer" | "lender";
                  /**
                   * Format: date-time
                   * @description When the organisation closes, as its owner asked; the owner can undo it until then
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  closureDueAt: string | null;
                } | null;
                secondFactor: {
                  /** @description Two-step sign-in is on for the account */
                  enabled: boolean;
                  /** @description This session proved it (at sign-in, or by setting it up) */
                  verified: boolean;
                  /** @enum {string|null} */
                  requiredBy: "administrator" | "company" | null;
                };
                /**
                 * Format: date-time
                 * @description When the account is erased, as its user asked; they can undo it until then
                 * @example 2026-11-27T09:30:00.000Z
                 */
                deletionDueAt: string | null;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/login/second-factor/passkey-options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            challenge: string;
          };
        };
      };
      responses: {
        /** @description The options to sign in with a passkey */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              challenge: string;
            } & {
              [key: string]: unknown;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/login/second-factor/passkey": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            challenge: string;
            response: {
              id: string;
              rawId: string;
              /** @enum {string} */
              type: "public-key";
              response: {
                clientDataJSON: string;
                authenticatorData: string;
                signature: string;
                userHandle?: string;
              } & {
                [key: string]: unknown;
              };
              clientExtensionResults: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              authenticatorAttachment?: "platform" | "cross-platform";
            };
          };
        };
      };
      responses: {
        /** @description A new session */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              token: string;
              user: {
                id: number;
                email: string;
                firstName: string | null;
                lastName: string | null;
                role: string;
                isActive: boolean;
                companyId: number | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /** @description Whether the user has followed the confirmation link sent to `email`; codes need it */
                emailVerified: boolean;
                /** @description A member's choice to receive the company's scan alert emails (the owner always does) */
                scanAlertEmails: boolean;
                company: {
                  id: number;
                  name: string;
                  ownerId: number;
                  isActive: boolean;
                  /**
                   * @description A valuation firm (issuer) or a lender
                   * @enum {string}
                   */
                  kind: "issuer" | "lender";
                  /**
                   * Format: date-time
                   * @description When the organisation closes, as its owner asked; the owner can undo it until then
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  closureDueAt: string | null;
                } | null;
                secondFactor: {
                  /** @description Two-step sign-in is on for the account */
                  enabled: boolean;
                  /** @description This session proved it (at sign-in, or by setting it up) */
                  verified: boolean;
                  /** @enum {string|null} */
                  requiredBy: "administrator" | "company" | null;
                };
                /**
                 * Format: date-time
                 * @description When the account is erased, as its user asked; they can undo it until then
                 * @example 2026-11-27T09:30:00.000Z
                 */
                deletionDueAt: string | null;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/user": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The signed-in user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              email: string;
              firstName: string | null;
              lastName: string | null;
              role: string;
              isActive: boolean;
              companyId: number | null;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /** @description Whether the user has followed the confirmation link sent to `email`; codes need it */
              emailVerified: boolean;
              /** @description A member's choice to receive the company's scan alert emails (the owner always does) */
              scanAlertEmails: boolean;
              company: {
                id: number;
                name: string;
                ownerId: number;
                isActive: boolean;
                /**
                 * @description A valuation firm (issuer) or a lender
                 * @enum {string}
                 */
                kind: "issuer" | "lender";
                /**
                 * Format: date-time
                 * @description When the organisation closes, as its owner asked; the owner can undo it until then
                 * @example 2026-11-27T09:30:00.000Z
                 */
                closureDueAt: string | null;
              } | null;
              secondFactor: {
                /** @description Two-step sign-in is on for the account */
                enabled: boolean;
                /** @description This session proved it (at sign-in, or by setting it up) */
                verified: boolean;
                /** @enum {string|null} */
                requiredBy: "administrator" | "company" | null;
              };
              /**
               * Format: date-time
               * @description When the account is erased, as its user asked; they can undo it until then
               * @example 2026-11-27T09:30:00.000Z
               */
              deletionDueAt: string | null;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/confirm-email": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            token: string;
          };
        };
      };
      responses: {
        /** @description What the followed link confirmed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              /** @enum {string} */
              purpose: "confirm-email" | "change-user-email" | "change-company-email";
              email: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/resend-confirmation": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A new confirmation link is on its way */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/logout": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The session is ended */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/demo-qr": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            propertyAddress: string;
            propertyReference?: string;
            /** @enum {string} */
            propertyType: "Real Estate" | "Loose Assets" | "Motor Vehicle" | "Plant and Machinery" | "Other";
            propertySize?: string;
            propertySizeUnit?: string;
            landSize?: string;
            landSizeUnit?: string;
            marketValue: string;
            /** @enum {string} */
            currency: "USD" | "KES";
            valuationDate: string;
            signingValuer?: string;
            valuerPhone?: string;
            companyName?: string;
          };
        };
      };
      responses: {
        /** @description The demo code's image */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              qrCodeData: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/valuers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The company's valuers, by name */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              userId: number | null;
              companyId: number;
              name: string;
              phone: string | null;
              qualification: string | null;
              /** @description The valuer's registration number with their professional body, shown on certificates */
              registrationNumber: string | null;
              isActive: boolean;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              updatedAt: string;
            }[];
          };
        };
      };
    };
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            phone?: string;
            qualification?: string;
            registrationNumber?: string;
            isActive?: boolean;
          };
        };
      };
      responses: {
        /** @description The valuer added */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              userId: number | null;
              companyId: number;
              name: string;
              phone: string | null;
              qualification: string | null;
              /** @description The valuer's registration number with their professional body, shown on certificates */
              registrationNumber: string | null;
              isActive: boolean;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              updatedAt: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/valuers/register": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Each valuer's registration check as a code issued today would carry it, and their newest practising certificate */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              valuers: {
                valuerId: number;
                /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
                check: {
                  /** @enum {string} */
                  result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                  /** @enum {string} */
                  kind: "published-list" | "manual-evidence";
                  body: string;
                  registrationNumber: string;
                  /** Format: date */
                  publishedOn: string | null;
                  /** Format: date */
                  reviewedOn: string | null;
                  /** Format: date */
                  validUntil: string | null;
                  /** Format: date */
                  checkedOn: string;
                } | null;
                practisingCertificate: {
                  id: number;
                  valuerId: number;
                  registrationNumber: string;
                  valuerName: string;
                  fileName: string;
                  /** @enum {string} */
                  contentType: "application/pdf" | "image/jpeg" | "image/png";
                  byteSize: number;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  uploadedAt: string;
                  /**
                   * @description Null while waiting for review
                   * @enum {string|null}
                   */
                  decision: "accepted" | "rejected" | null;
                  /** @example 2026-01-15 */
                  validUntil: string | null;
                  rejectionReason: string | null;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  reviewedAt: string | null;
                } | null;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/valuers/{id}/practising-certificates": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query: {
          fileName: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      /** @description The valuer's current practising certificate: a PDF, or a JPEG or PNG photo of it */
      requestBody?: {
        content: {
          "application/pdf": string;
          "image/jpeg": string;
          "image/png": string;
        };
      };
      responses: {
        /** @description The certificate kept, waiting for ValuSeal's review */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              valuerId: number;
              registrationNumber: string;
              valuerName: string;
              fileName: string;
              /** @enum {string} */
              contentType: "application/pdf" | "image/jpeg" | "image/png";
              byteSize: number;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              uploadedAt: string;
              /**
               * @description Null while waiting for review
               * @enum {string|null}
               */
              decision: "accepted" | "rejected" | null;
              /** @example 2026-01-15 */
              validUntil: string | null;
              rejectionReason: string | null;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              reviewedAt: string | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/valuers/practising-certificates/{id}/file": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The practising certificate as uploaded */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/pdf": string;
            "image/jpeg": string;
            "image/png": string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/valuers/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            phone?: string;
            qualification?: string;
            registrationNumber?: string;
            isActive?: boolean;
          };
        };
      };
      responses: {
        /** @description The valuer as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              userId: number | null;
              companyId: number;
              name: string;
              phone: string | null;
              qualification: string | null;
              /** @description The valuer's registration number with their professional body, shown on certificates */
              registrationNumber: string | null;
              isActive: boolean;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              updatedAt: string;
            };
          };
        };
      };
    };
    post?: never;
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The valuer is deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          limit?: number;
          search?: string;
          propertyType?: "Real Estate" | "Loose Assets" | "Motor Vehicle" | "Plant and Machinery" | "Other";
          date?: string;
          purpose?:
            | "Secured lending"
            | "Sale or purchase"
            | "Insurance"
            | "Legal or probate"
            | "Financial reporting"
            | "Other"
            | null;
          status?: "valid" | "expired" | "revoked" | "superseded";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The newest codes (up to `limit`), or with `page` one page of them and the total */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json":
              | {
                  id: number;
                  /** @description Random token in the public verification address; never the serial id */
                  publicToken: string;
                  userId: number | null;
                  companyId: number;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  valuationDate: string;
                  /**
                   * @description A decimal number as text, exactly as stored
                   * @example 12500000.00
                   */
                  marketValue: string;
                  currency: string;
                  valuerId: number | null;
                  /** @description The company's name and email when the code was issued; a later rename never changes them */
                  issuerName: string;
                  issuerEmail: string;
                  propertyAddress: string;
                  propertyReference: string | null;
                  propertyArea: string | null;
                  propertyType: string;
                  /**
                   * @description A decimal number as text, exactly as stored
                   * @example 12500000.00
                   */
                  propertySize: string | null;
                  propertySizeUnit: string | null;
                  /**
                   * @description A decimal number as text, exactly as stored
                   * @example 12500000.00
                   */
                  landSize: string | null;
                  landSizeUnit: string | null;
                  latitude: string | null;
                  longitude: string | null;
                  /** @description The public verification address the image encodes */
                  qrCodeData: string;
                  verificationCount: number;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  revokedAt: string | null;
                  revokedReason: string | null;
                  supersededById: number | null;
                  /** @description The lender or client the report was prepared for */
                  addressee: string | null;
                  /** @enum {string|null} */
                  purpose:
                    | "Secured lending"
                    | "Sale or purchase"
                    | "Insurance"
                    | "Legal or probate"
                    | "Financial reporting"
                    | "Other"
                    | null;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  inspectionDate: string | null;
                  /**
                   * @description In the code's currency; never above marketValue
                   * @example 12500000.00
                   */
                  forcedSaleValue: string | null;
                  /** @description Title or land reference number (Real Estate only) */
                  titleNumber: string | null;
                  /** @description The firm's own reference for the report (its job number), unique within the firm; never on the certificate */
                  externalReference: string | null;
                  /**
                   * Format: date-time
                   * @description The day the valuation expires: from then on its status is "expired"
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  validUntil: string;
                  /**
                   * @description The short code typed on /verify, as printed: "VS-7K3M-9Q2P-4H"
                   * @example VS-7K3M-9Q2P-4H
                   */
                  verificationCode: string;
                  /**
                   * @description Computed when the code was read
                   * @enum {string}
                   */
                  status: "valid" | "expired" | "revoked" | "superseded";
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  createdAt: string;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  updatedAt: string;
                  valuer: {
                    name: string;
                    qualification: string | null;
                  } | null;
                  /**
                   * @description ValuSeal's trust in the issuer identity frozen on the code (the certificate's rule)
                   * @enum {string}
                   */
                  issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
                  /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
                  valuerRegisterCheck: {
                    /** @enum {string} */
                    result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                    /** @enum {string} */
                    kind: "published-list" | "manual-evidence";
                    body: string;
                    registrationNumber: string;
                    /** Format: date */
                    publishedOn: string | null;
                    /** Format: date */
                    reviewedOn: string | null;
                    /** Format: date */
                    validUntil: string | null;
                    /** Format: date */
                    checkedOn: string;
                  } | null;
                }[]
              | {
                  items: {
                    id: number;
                    /** @description Random token in the public verification address; never the serial id */
                    publicToken: string;
                    userId: number | null;
                    companyId: number;
                    /**
                     * Format: date-time
                     * @description A calendar day, as midnight UTC
                     * @example 2026-11-20T00:00:00.000Z
                     */
                    valuationDate: string;
                    /**
                     * @description A decimal number as text, exactly as stored
                     * @example 12500000.00
                     */
                    marketValue: string;
                    currency: string;
                    valuerId: number | null;
                    /** @description The company's name and email when the code was issued; a later rename never changes them */
                    issuerName: string;
                    issuerEmail: string;
                    propertyAddress: string;
                    propertyReference: string | null;
                    propertyArea: string | null;
                    propertyType: string;
                    /**
                     * @description A decimal number as text, exactly as stored
                     * @example 12500000.00
                     */
                    propertySize: string | null;
                    propertySizeUnit: string | null;
                    /**
                     * @description A decimal number as text, exactly as stored
                     * @example 12500000.00
                     */
                    landSize: string | null;
                    landSizeUnit: string | null;
                    latitude: string | null;
                    longitude: string | null;
                    /** @description The public verification address the image encodes */
                    qrCodeData: string;
                    verificationCount: number;
                    /**
                     * Format: date-time
                     * @example 2026-11-27T09:30:00.000Z
                     */
                    revokedAt: string | null;
                    revokedReason: string | null;
                    supersededById: number | null;
                    /** @description The lender or client the report was prepared for */
                    addressee: string | null;
                    /** @enum {string|null} */
                    purpose:
                      | "Secured lending"
                      | "Sale or purchase"
                      | "Insurance"
                      | "Legal or probate"
                      | "Financial reporting"
                      | "Other"
                      | null;
                    /**
                     * Format: date-time
                     * @description A calendar day, as midnight UTC
                     * @example 2026-11-20T00:00:00.000Z
                     */
                    inspectionDate: string | null;
                    /**
                     * @description In the code's currency; never above marketValue
                     * @example 12500000.00
                     */
                    forcedSaleValue: string | null;
                    /** @description Title or land reference number (Real Estate only) */
                    titleNumber: string | null;
                    /** @description The firm's own reference for the report (its job number), unique within the firm; never on the certificate */
                    externalReference: string | null;
                    /**
                     * Format: date-time
                     * @description The day the valuation expires: from then on its status is "expired"
                     * @example 2026-11-20T00:00:00.000Z
                     */
                    validUntil: string;
                    /**
                     * @description The short code typed on /verify, as printed: "VS-7K3M-9Q2P-4H"
                     * @example VS-7K3M-9Q2P-4H
                     */
                    verificationCode: string;
                    /**
                     * @description Computed when the code was read
                     * @enum {string}
                     */
                    status: "valid" | "expired" | "revoked" | "superseded";
                    /**
                     * Format: date-time
                     * @example 2026-11-27T09:30:00.000Z
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @example 2026-11-27T09:30:00.000Z
                     */
                    updatedAt: string;
                    valuer: {
                      name: string;
                      qualification: string | null;
                    } | null;
                    /**
                     * @description ValuSeal's trust in the issuer identity frozen on the code (the certificate's rule)
                     * @enum {string}
                     */
                    issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
                    /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
                    valuerRegisterCheck: {
                      /** @enum {string} */
                      result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                      /** @enum {string} */
                      kind: "published-list" | "manual-evidence";
                      body: string;
                      registrationNumber: string;
                      /** Format: date */
                      publishedOn: string | null;
                      /** Format: date */
                      reviewedOn: string | null;
                      /** Format: date */
                      validUntil: string | null;
                      /** Format: date */
                      checkedOn: string;
                    } | null;
                  }[];
                  page: number;
                  pageSize: number;
                  total: number;
                };
          };
        };
      };
    };
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: {
          "idempotency-key"?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @enum {string} */
            propertyType: "Real Estate" | "Loose Assets" | "Motor Vehicle" | "Plant and Machinery" | "Other";
            propertyAddress?: string;
            propertyReference?: string;
            propertyArea?: string;
            propertySize?: string | null;
            /**
             * @default sqft
             * @enum {string}
             */
            propertySizeUnit?: "sqft" | "sqm";
            landSize?: string | null;
            /**
             * @default acres
             * @enum {string}
             */
            landSizeUnit?: "acres" | "hectares" | "sqft";
            marketValue: string;
            /**
             * @default USD
             * @enum {string}
             */
            currency?: "USD" | "KES";
            valuationDate: string;
            valuerId: number;
            latitude?: number | null;
            longitude?: number | null;
            addressee?: string;
            /** @enum {string|null} */
            purpose?:
              | "Secured lending"
              | "Sale or purchase"
              | "Insurance"
              | "Legal or probate"
              | "Financial reporting"
              | "Other"
              | null;
            inspectionDate?: string | null;
            forcedSaleValue?: string | null;
            titleNumber?: string;
            externalReference?: string;
            validUntil?: string | null;
          };
        };
      };
      responses: {
        /** @description The code issued (or, for a repeated Idempotency-Key, the first answer) */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              /** @description Random token in the public verification address; never the serial id */
              publicToken: string;
              userId: number | null;
              companyId: number;
              /**
               * Format: date-time
               * @description A calendar day, as midnight UTC
               * @example 2026-11-20T00:00:00.000Z
               */
              valuationDate: string;
              /**
               * @description A decimal number as text, exactly as stored
               * @example 12500000.00
               */
              marketValue: string;
              currency: string;
              valuerId: number | null;
              /** @description The company's name and email when the code was issued; a later rename never changes them */
              issuerName: string;
              issuerEmail: string;
              propertyAddress: string;
              propertyReference: string | null;
              propertyArea: string | null;
              propertyType: string;
              /**
               * @description A decimal number as text, exactly as stored
               * @example 12500000.00
               */
              propertySize: string | null;
              propertySizeUnit: string | null;
              /**
               * @description A decimal number as text, exactly as stored
               * @example 12500000.00
               */
              landSize: string | null;
              landSizeUnit: string | null;
              latitude: string | null;
              longitude: string | null;
              /** @description The public verification address the image encodes */
              qrCodeData: string;
              verificationCount: number;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              revokedAt: string | null;
              revokedReason: string | null;
              supersededById: number | null;
              /** @description The lender or client the report was prepared for */
              addressee: string | null;
              /** @enum {string|null} */
              purpose:
                | "Secured lending"
                | "Sale or purchase"
                | "Insurance"
                | "Legal or probate"
                | "Financial reporting"
                | "Other"
                | null;
              /**
               * Format: date-time
               * @description A calendar day, as midnight UTC
               * @example 2026-11-20T00:00:00.000Z
               */
              inspectionDate: string | null;
              /**
               * @description In the code's currency; never above marketValue
               * @example 12500000.00
               */
              forcedSaleValue: string | null;
              /** @description Title or land reference number (Real Estate only) */
              titleNumber: string | null;
              /** @description The firm's own reference for the report (its job number), unique within the firm; never on the certificate */
              externalReference: string | null;
              /**
               * Format: date-time
               * @description The day the valuation expires: from then on its status is "expired"
               * @example 2026-11-20T00:00:00.000Z
               */
              validUntil: string;
              /**
               * @description The short code typed on /verify, as printed: "VS-7K3M-9Q2P-4H"
               * @example VS-7K3M-9Q2P-4H
               */
              verificationCode: string;
              /**
               * @description Computed when the code was read
               * @enum {string}
               */
              status: "valid" | "expired" | "revoked" | "superseded";
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              updatedAt: string;
              valuer: {
                name: string;
                qualification: string | null;
              } | null;
              /**
               * @description ValuSeal's trust in the issuer identity frozen on the code (the certificate's rule)
               * @enum {string}
               */
              issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
              /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
              valuerRegisterCheck: {
                /** @enum {string} */
                result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                /** @enum {string} */
                kind: "published-list" | "manual-evidence";
                body: string;
                registrationNumber: string;
                /** Format: date */
                publishedOn: string | null;
                /** Format: date */
                reviewedOn: string | null;
                /** Format: date */
                validUntil: string | null;
                /** Format: date */
                checkedOn: string;
              } | null;
              /** @description The image as a data: URL, drawn from qrCodeData on every read */
              qrCodeDataUrl: string;
              /** @description GET /api/qr-codes/:id only: the signing valuer's details as they are now, when an edit made them differ from the ones frozen on the certificate (`valuer`); null when they are the same */
              signerNow?: {
                name: string;
                qualification: string | null;
              } | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The code, with its image and its signer now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              /** @description Random token in the public verification address; never the serial id */
              publicToken: string;
              userId: number | null;
              companyId: number;
              /**
               * Format: date-time
               * @description A calendar day, as midnight UTC
               * @example 2026-11-20T00:00:00.000Z
               */
              valuationDate: string;
              /**
               * @description A decimal number as text, exactly as stored
               * @example 12500000.00
               */
              marketValue: string;
              currency: string;
              valuerId: number | null;
              /** @description The company's name and email when the code was issued; a later rename never changes them */
              issuerName: string;
              issuerEmail: string;
              propertyAddress: string;
              propertyReference: string | null;
              propertyArea: string | null;
              propertyType: string;
              /**
               * @description A decimal number as text, exactly as stored
               * @example 12500000.00
               */
              propertySize: string | null;
              propertySizeUnit: string | null;
              /**
               * @description A decimal number as text, exactly as stored
               * @example 12500000.00
               */
              landSize: string | null;
              landSizeUnit: string | null;
              latitude: string | null;
              longitude: string | null;
              /** @description The public verification address the image encodes */
              qrCodeData: string;
              verificationCount: number;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              revokedAt: string | null;
              revokedReason: string | null;
              supersededById: number | null;
              /** @description The lender or client the report was prepared for */
              addressee: string | null;
              /** @enum {string|null} */
              purpose:
                | "Secured lending"
                | "Sale or purchase"
                | "Insurance"
                | "Legal or probate"
                | "Financial reporting"
                | "Other"
                | null;
              /**
               * Format: date-time
               * @description A calendar day, as midnight UTC
               * @example 2026-11-20T00:00:00.000Z
               */
              inspectionDate: string | null;
              /**
               * @description In the code's currency; never above marketValue
               * @example 12500000.00
               */
              forcedSaleValue: string | null;
              /** @description Title or land reference number (Real Estate only) */
              titleNumber: string | null;
              /** @description The firm's own reference for the report (its job number), unique within the firm; never on the certificate */
              externalReference: string | null;
              /**
               * Format: date-time
               * @description The day the valuation expires: from then on its status is "expired"
               * @example 2026-11-20T00:00:00.000Z
               */
              validUntil: string;
              /**
               * @description The short code typed on /verify, as printed: "VS-7K3M-9Q2P-4H"
               * @example VS-7K3M-9Q2P-4H
               */
              verificationCode: string;
              /**
               * @description Computed when the code was read
               * @enum {string}
               */
              status: "valid" | "expired" | "revoked" | "superseded";
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              updatedAt: string;
              valuer: {
                name: string;
                qualification: string | null;
              } | null;
              /**
               * @description ValuSeal's trust in the issuer identity frozen on the code (the certificate's rule)
               * @enum {string}
               */
              issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
              /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
              valuerRegisterCheck: {
                /** @enum {string} */
                result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                /** @enum {string} */
                kind: "published-list" | "manual-evidence";
                body: string;
                registrationNumber: string;
                /** Format: date */
                publishedOn: string | null;
                /** Format: date */
                reviewedOn: string | null;
                /** Format: date */
                validUntil: string | null;
                /** Format: date */
                checkedOn: string;
              } | null;
              /** @description The image as a data: URL, drawn from qrCodeData on every read */
              qrCodeDataUrl: string;
              /** @description GET /api/qr-codes/:id only: the signing valuer's details as they are now, when an edit made them differ from the ones frozen on the certificate (`valuer`); null when they are the same */
              signerNow?: {
                name: string;
                qualification: string | null;
              } | null;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes/batch": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            codes: {
              /** @enum {string} */
              propertyType: "Real Estate" | "Loose Assets" | "Motor Vehicle" | "Plant and Machinery" | "Other";
              propertyAddress?: string;
              propertyReference?: string;
              propertyArea?: string;
              propertySize?: string | null;
              /**
               * @default sqft
               * @enum {string}
               */
              propertySizeUnit?: "sqft" | "sqm";
              landSize?: string | null;
              /**
               * @default acres
               * @enum {string}
               */
              landSizeUnit?: "acres" | "hectares" | "sqft";
              marketValue: string;
              /**
               * @default USD
               * @enum {string}
               */
              currency?: "USD" | "KES";
              valuationDate: string;
              valuerId: number;
              latitude?: number | null;
              longitude?: number | null;
              addressee?: string;
              /** @enum {string|null} */
              purpose?:
                | "Secured lending"
                | "Sale or purchase"
                | "Insurance"
                | "Legal or probate"
                | "Financial reporting"
                | "Other"
                | null;
              inspectionDate?: string | null;
              forcedSaleValue?: string | null;
              titleNumber?: string;
              externalReference?: string;
              validUntil?: string | null;
            }[];
          };
        };
      };
      responses: {
        /** @description One result per row, in the order sent */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              results: {
                externalReference: string;
                /**
                 * @description "existing": the reference already had this code (an earlier upload, or this part sent again)
                 * @enum {string}
                 */
                status: "created" | "existing";
                code: {
                  id: number;
                  /** @description Random token in the public verification address; never the serial id */
                  publicToken: string;
                  userId: number | null;
                  companyId: number;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  valuationDate: string;
                  /**
                   * @description A decimal number as text, exactly as stored
                   * @example 12500000.00
                   */
                  marketValue: string;
                  currency: string;
                  valuerId: number | null;
                  /** @description The company's name and email when the code was issued; a later rename never changes them */
                  issuerName: string;
                  issuerEmail: string;
                  propertyAddress: string;
                  propertyReference: string | null;
                  propertyArea: string | null;
                  propertyType: string;
                  /**
                   * @description A decimal number as text, exactly as stored
                   * @example 12500000.00
                   */
                  propertySize: string | null;
                  propertySizeUnit: string | null;
                  /**
                   * @description A decimal number as text, exactly as stored
                   * @example 12500000.00
                   */
                  landSize: string | null;
                  landSizeUnit: string | null;
                  latitude: string | null;
                  longitude: string | null;
                  /** @description The public verification address the image encodes */
                  qrCodeData: string;
                  verificationCount: number;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  revokedAt: string | null;
                  revokedReason: string | null;
                  supersededById: number | null;
                  /** @description The lender or client the report was prepared for */
                  addressee: string | null;
                  /** @enum {string|null} */
                  purpose:
                    | "Secured lending"
                    | "Sale or purchase"
                    | "Insurance"
                    | "Legal or probate"
                    | "Financial reporting"
                    | "Other"
                    | null;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  inspectionDate: string | null;
                  /**
                   * @description In the code's currency; never above marketValue
                   * @example 12500000.00
                   */
                  forcedSaleValue: string | null;
                  /** @description Title or land reference number (Real Estate only) */
                  titleNumber: string | null;
                  /** @description The firm's own reference for the report (its job number), unique within the firm; never on the certificate */
                  externalReference: string | null;
                  /**
                   * Format: date-time
                   * @description The day the valuation expires: from then on its status is "expired"
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  validUntil: string;
                  /**
                   * @description The short code typed on /verify, as printed: "VS-7K3M-9Q2P-4H"
                   * @example VS-7K3M-9Q2P-4H
                   */
                  verificationCode: string;
                  /**
                   * @description Computed when the code was read
                   * @enum {string}
                   */
                  status: "valid" | "expired" | "revoked" | "superseded";
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  createdAt: string;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  updatedAt: string;
                  valuer: {
                    name: string;
                    qualification: string | null;
                  } | null;
                  /**
                   * @description ValuSeal's trust in the issuer identity frozen on the code (the certificate's rule)
                   * @enum {string}
                   */
                  issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
                  /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
                  valuerRegisterCheck: {
                    /** @enum {string} */
                    result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                    /** @enum {string} */
                    kind: "published-list" | "manual-evidence";
                    body: string;
                    registrationNumber: string;
                    /** Format: date */
                    publishedOn: string | null;
                    /** Format: date */
                    reviewedOn: string | null;
                    /** Format: date */
                    validUntil: string | null;
                    /** Format: date */
                    checkedOn: string;
                  } | null;
                  /** @description The image as a data: URL, drawn from qrCodeData on every read */
                  qrCodeDataUrl: string;
                  /** @description GET /api/qr-codes/:id only: the signing valuer's details as they are now, when an edit made them differ from the ones frozen on the certificate (`valuer`); null when they are the same */
                  signerNow?: {
                    name: string;
                    qualification: string | null;
                  } | null;
                };
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes/{id}/confirmation-request": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The request, made now or earlier; 409 when the code is not one issued before ValuSeal verified the firm */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              /**
               * Format: date-time
               * @description When the owner first asked; asking again answers the first request
               * @example 2026-11-27T09:30:00.000Z
               */
              requestedAt: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes/{id}/revoke": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            reason: string;
            supersededByCodeId?: number;
          };
        };
      };
      responses: {
        /** @description The code's state after the revocation */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              /** @enum {string} */
              status: "valid" | "expired" | "revoked" | "superseded";
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              revokedAt: string | null;
              revokedReason: string | null;
              revokedBy: {
                id: number;
                email: string;
                firstName: string | null;
                lastName: string | null;
              } | null;
              supersededBy: {
                id: number;
                publicToken: string;
                propertyAddress: string;
                address: string;
              } | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes/{id}/reinstate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            reason: string;
          };
        };
      };
      responses: {
        /** @description The code's state after the reinstatement */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              /** @enum {string} */
              status: "valid" | "expired" | "revoked" | "superseded";
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              revokedAt: string | null;
              revokedReason: string | null;
              revokedBy: {
                id: number;
                email: string;
                firstName: string | null;
                lastName: string | null;
              } | null;
              supersededBy: {
                id: number;
                publicToken: string;
                propertyAddress: string;
                address: string;
              } | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes/{id}/status-history": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The code's state and every change, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              /** @enum {string} */
              status: "valid" | "expired" | "revoked" | "superseded";
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              revokedAt: string | null;
              revokedReason: string | null;
              revokedBy: {
                id: number;
                email: string;
                firstName: string | null;
                lastName: string | null;
              } | null;
              supersededBy: {
                id: number;
                publicToken: string;
                propertyAddress: string;
                address: string;
              } | null;
              events: {
                id: number;
                /** @enum {string} */
                action: "revoked" | "reinstated";
                reason: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                at: string;
                actor: {
                  id: number;
                  email: string;
                  firstName: string | null;
                  lastName: string | null;
                } | null;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes/{id}/reliance": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description How many institutions rely on the code, and the letter requests */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              institutions: number;
              letters: {
                id: string;
                lenderName: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                requestedAt: string;
                /** @enum {string} */
                state: "requested" | "granted" | "declined";
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                relianceUntil: string | null;
                reason: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                decidedAt: string | null;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes/{id}/reliance-letters/{letterId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          letterId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json":
            | {
                /** @enum {string} */
                decision: "granted";
                relianceUntil: string;
              }
            | {
                /** @enum {string} */
                decision: "declined";
                reason: string;
              };
        };
      };
      responses: {
        /** @description The code's reliance after the answer */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              institutions: number;
              letters: {
                id: string;
                lenderName: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                requestedAt: string;
                /** @enum {string} */
                state: "requested" | "granted" | "declined";
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                relianceUntil: string | null;
                reason: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                decidedAt: string | null;
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes/{id}/seals": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every sealed version, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              version: number;
              sha256: string;
              pageCount: number;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              sealedAt: string;
              /** @description Who sealed it, as the team sees them; null once that user is gone */
              sealedBy: string | null;
            }[];
          };
        };
      };
    };
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            sha256: string;
            pageFingerprints: string[];
          };
        };
      };
      responses: {
        /** @description The version registered, with the code's signed record */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              version: number;
              sha256: string;
              pageCount: number;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              sealedAt: string;
              /** @description Who sealed it, as the team sees them; null once that user is gone */
              sealedBy: string | null;
              signedRecord: {
                about: string;
                howToCheck: string;
                keys: string;
                status: string;
                /** @description The certificate as it stands: the latest record */
                record: string;
                /** @description Every earlier record of the code, oldest first: as issued, each withdrawal, reinstatement and seal */
                history: string[];
                /** @description Set when the code's state now is newer than its last signed record (a withdrawal while signing was paused): what changed. The status link answers the state now, signed. */
                unsignedChange: string | null;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/qr-codes/{id}/scans": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The latest visits, scans per day and unique scanners */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              scans: {
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                at: string;
                /**
                 * @description A person's scan, a link preview or crawler fetching the address, or a check of a report copy
                 * @enum {string}
                 */
                kind: "scan" | "preview" | "check";
                /** @description False for a preview, and for a repeat by the same visitor within the repeat window */
                counted: boolean;
                /** @description ISO 3166 alpha-2 code */
                country: string | null;
                city: string | null;
                /** @description One of DEVICE_CLASSES (schema/validation/scans.ts) */
                deviceClass: string | null;
                /** @description The sealed report's page whose QR was scanned; null for the code's own address */
                page: number | null;
                /**
                 * @description For a check of a report copy (kind "check"): what the check found
                 * @enum {string|null}
                 */
                checkVerdict: "exact" | "same-text" | "pages-differ" | "not-sealed-file" | null;
              }[];
              daily: {
                /** @description A UTC day, YYYY-MM-DD */
                date: string;
                count: number;
              }[];
              uniqueScanners: number;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/reliances/check": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            code: string;
          };
        };
      };
      responses: {
        /** @description The valuation and what the lender should know first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              code: {
                /** @description The code's public token, in its address /v/<token> */
                token: string;
                /** @example VS-7K3M-9Q2P-4H */
                verificationCode: string;
                issuerName: string;
                /** @enum {string} */
                issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
                /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
                valuerRegisterCheck: {
                  /** @enum {string} */
                  result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                  /** @enum {string} */
                  kind: "published-list" | "manual-evidence";
                  body: string;
                  registrationNumber: string;
                  /** Format: date */
                  publishedOn: string | null;
                  /** Format: date */
                  reviewedOn: string | null;
                  /** Format: date */
                  validUntil: string | null;
                  /** Format: date */
                  checkedOn: string;
                } | null;
                /** @description The property's location, or a vehicle's description */
                property: string;
                /** @description Prepared For, as the certificate shows it */
                addressee: string | null;
                /**
                 * @description A decimal number as text, exactly as stored
                 * @example 12500000.00
                 */
                marketValue: string;
                currency: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                valuationDate: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                validUntil: string;
                /** @enum {string} */
                status: "valid" | "expired" | "revoked" | "superseded";
                /**
                 * Format: date-time
                 * @description When ValuSeal suspended the issuer, if it did
                 * @example 2026-11-27T09:30:00.000Z
                 */
                issuerSuspendedAt: string | null;
                /**
                 * Format: date-time
                 * @description When the issuer's account closed, if it did
                 * @example 2026-11-27T09:30:00.000Z
                 */
                issuerClosedAt: string | null;
                /** @description The issuer's reason, when it revoked the valuation */
                revokedReason: string | null;
              };
              warnings: {
                /** @enum {string} */
                kind: "addressed-to-another" | "relied-on-elsewhere" | "same-title-differs";
                /** @example Another institution recorded reliance on this valuation on 3 March 2026 */
                message: string;
              }[];
              /** @description What the lender must confirm to rely on it, sent back in POST /reliances as acknowledged: the certificate's amber verdict (ValuSeal does not vouch for the issuer), and addressed-to-another without a reliance letter in force */
              mustConfirm: (
                | "issuer-suspended"
                | "issuer-before-verification"
                | "issuer-other-identity"
                | "issuer-not-verified"
                | "valuer-unconfirmed"
                | "addressed-to-another"
              )[];
              /** @description The lender's reliance-letter request, if it asked; a letter in force answers the addressee warning */
              letter: {
                /** @enum {string} */
                state: "requested" | "granted" | "declined";
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                requestedAt: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                relianceUntil: string | null;
                reason: string | null;
              } | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/reliances": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The lender's reliances, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: string;
              code: {
                /** @description The code's public token, in its address /v/<token> */
                token: string;
                /** @example VS-7K3M-9Q2P-4H */
                verificationCode: string;
                issuerName: string;
                /** @enum {string} */
                issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
                /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
                valuerRegisterCheck: {
                  /** @enum {string} */
                  result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                  /** @enum {string} */
                  kind: "published-list" | "manual-evidence";
                  body: string;
                  registrationNumber: string;
                  /** Format: date */
                  publishedOn: string | null;
                  /** Format: date */
                  reviewedOn: string | null;
                  /** Format: date */
                  validUntil: string | null;
                  /** Format: date */
                  checkedOn: string;
                } | null;
                /** @description The property's location, or a vehicle's description */
                property: string;
                /** @description Prepared For, as the certificate shows it */
                addressee: string | null;
                /**
                 * @description A decimal number as text, exactly as stored
                 * @example 12500000.00
                 */
                marketValue: string;
                currency: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                valuationDate: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                validUntil: string;
                /** @enum {string} */
                status: "valid" | "expired" | "revoked" | "superseded";
                /**
                 * Format: date-time
                 * @description When ValuSeal suspended the issuer, if it did
                 * @example 2026-11-27T09:30:00.000Z
                 */
                issuerSuspendedAt: string | null;
                /**
                 * Format: date-time
                 * @description When the issuer's account closed, if it did
                 * @example 2026-11-27T09:30:00.000Z
                 */
                issuerClosedAt: string | null;
                /** @description The issuer's reason, when it revoked the valuation */
                revokedReason: string | null;
              };
              /** @example ••••4821 */
              maskedReference: string;
              /**
               * @description A decimal number as text, exactly as stored
               * @example 12500000.00
               */
              amount: string;
              currency: string;
              /**
               * Format: date-time
               * @description A calendar day, as midnight UTC
               * @example 2026-11-20T00:00:00.000Z
               */
              reliedOn: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              recordedAt: string;
              /** @description Who recorded it, as the team sees them */
              recordedBy: string | null;
            }[];
          };
        };
      };
    };
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            code: string;
            reference: string;
            amount: string;
            reliedOn: string;
            /** @default [] */
            acknowledged?: (
              | "issuer-suspended"
              | "issuer-before-verification"
              | "issuer-other-identity"
              | "issuer-not-verified"
              | "valuer-unconfirmed"
              | "addressed-to-another"
            )[];
          };
        };
      };
      responses: {
        /** @description The reliance recorded, and the warnings as they stood */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              reliance: {
                id: string;
                code: {
                  /** @description The code's public token, in its address /v/<token> */
                  token: string;
                  /** @example VS-7K3M-9Q2P-4H */
                  verificationCode: string;
                  issuerName: string;
                  /** @enum {string} */
                  issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
                  /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
                  valuerRegisterCheck: {
                    /** @enum {string} */
                    result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                    /** @enum {string} */
                    kind: "published-list" | "manual-evidence";
                    body: string;
                    registrationNumber: string;
                    /** Format: date */
                    publishedOn: string | null;
                    /** Format: date */
                    reviewedOn: string | null;
                    /** Format: date */
                    validUntil: string | null;
                    /** Format: date */
                    checkedOn: string;
                  } | null;
                  /** @description The property's location, or a vehicle's description */
                  property: string;
                  /** @description Prepared For, as the certificate shows it */
                  addressee: string | null;
                  /**
                   * @description A decimal number as text, exactly as stored
                   * @example 12500000.00
                   */
                  marketValue: string;
                  currency: string;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  valuationDate: string;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  validUntil: string;
                  /** @enum {string} */
                  status: "valid" | "expired" | "revoked" | "superseded";
                  /**
                   * Format: date-time
                   * @description When ValuSeal suspended the issuer, if it did
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  issuerSuspendedAt: string | null;
                  /**
                   * Format: date-time
                   * @description When the issuer's account closed, if it did
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  issuerClosedAt: string | null;
                  /** @description The issuer's reason, when it revoked the valuation */
                  revokedReason: string | null;
                };
                /** @example ••••4821 */
                maskedReference: string;
                /**
                 * @description A decimal number as text, exactly as stored
                 * @example 12500000.00
                 */
                amount: string;
                currency: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                reliedOn: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                recordedAt: string;
                /** @description Who recorded it, as the team sees them */
                recordedBy: string | null;
              };
              warnings: {
                /** @enum {string} */
                kind: "addressed-to-another" | "relied-on-elsewhere" | "same-title-differs";
                /** @example Another institution recorded reliance on this valuation on 3 March 2026 */
                message: string;
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/reliances/letters": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            code: string;
          };
        };
      };
      responses: {
        /** @description The issuer is asked; the lender watches the code */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/watches": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          show?: "valid" | "expired" | "revoked" | "superseded" | "expiring";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of the lender's watched codes, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              items: {
                /** @description The watch's id */
                id: string;
                code: {
                  /** @description The code's public token, in its address /v/<token> */
                  token: string;
                  /** @example VS-7K3M-9Q2P-4H */
                  verificationCode: string;
                  issuerName: string;
                  /** @enum {string} */
                  issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
                  /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
                  valuerRegisterCheck: {
                    /** @enum {string} */
                    result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                    /** @enum {string} */
                    kind: "published-list" | "manual-evidence";
                    body: string;
                    registrationNumber: string;
                    /** Format: date */
                    publishedOn: string | null;
                    /** Format: date */
                    reviewedOn: string | null;
                    /** Format: date */
                    validUntil: string | null;
                    /** Format: date */
                    checkedOn: string;
                  } | null;
                  /** @description The property's location, or a vehicle's description */
                  property: string;
                  /** @description Prepared For, as the certificate shows it */
                  addressee: string | null;
                  /**
                   * @description A decimal number as text, exactly as stored
                   * @example 12500000.00
                   */
                  marketValue: string;
                  currency: string;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  valuationDate: string;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  validUntil: string;
                  /** @enum {string} */
                  status: "valid" | "expired" | "revoked" | "superseded";
                  /**
                   * Format: date-time
                   * @description When ValuSeal suspended the issuer, if it did
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  issuerSuspendedAt: string | null;
                  /**
                   * Format: date-time
                   * @description When the issuer's account closed, if it did
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  issuerClosedAt: string | null;
                  /** @description The issuer's reason, when it revoked the valuation */
                  revokedReason: string | null;
                };
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                watchingSince: string;
                /**
                 * Format: date-time
                 * @description When the watch last changed: made, or the code revoked, replaced, expired, reinstated or relied on again
                 * @example 2026-11-27T09:30:00.000Z
                 */
                changedAt: string;
                /** @description The last change the lender was told of */
                lastChange: {
                  /** @enum {string} */
                  kind:
                    | "code.revoked"
                    | "code.superseded"
                    | "code.expired"
                    | "code.reinstated"
                    | "issuer.suspended"
                    | "reliance.duplicate"
                    | "valuer.deregistered";
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  at: string;
                } | null;
                /** @description The code that replaces a superseded one */
                supersededBy: {
                  token: string;
                  verificationCode: string;
                } | null;
                reliances: {
                  id: string;
                  /** @example ••••4821 */
                  maskedReference: string;
                  /**
                   * @description A decimal number as text, exactly as stored
                   * @example 12500000.00
                   */
                  amount: string;
                  currency: string;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  reliedOn: string;
                }[];
                /** @description The lender's reliance-letter request for this code, and the issuer's answer */
                letter: {
                  /** @enum {string} */
                  state: "requested" | "granted" | "declined";
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  requestedAt: string;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  relianceUntil: string | null;
                  reason: string | null;
                } | null;
              }[];
              page: number;
              pageSize: number;
              total: number;
            };
          };
        };
      };
    };
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            code: string;
          };
        };
      };
      responses: {
        /** @description The code, watched from now on */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description The watch's id */
              id: string;
              code: {
                /** @description The code's public token, in its address /v/<token> */
                token: string;
                /** @example VS-7K3M-9Q2P-4H */
                verificationCode: string;
                issuerName: string;
                /** @enum {string} */
                issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
                /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
                valuerRegisterCheck: {
                  /** @enum {string} */
                  result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                  /** @enum {string} */
                  kind: "published-list" | "manual-evidence";
                  body: string;
                  registrationNumber: string;
                  /** Format: date */
                  publishedOn: string | null;
                  /** Format: date */
                  reviewedOn: string | null;
                  /** Format: date */
                  validUntil: string | null;
                  /** Format: date */
                  checkedOn: string;
                } | null;
                /** @description The property's location, or a vehicle's description */
                property: string;
                /** @description Prepared For, as the certificate shows it */
                addressee: string | null;
                /**
                 * @description A decimal number as text, exactly as stored
                 * @example 12500000.00
                 */
                marketValue: string;
                currency: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                valuationDate: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                validUntil: string;
                /** @enum {string} */
                status: "valid" | "expired" | "revoked" | "superseded";
                /**
                 * Format: date-time
                 * @description When ValuSeal suspended the issuer, if it did
                 * @example 2026-11-27T09:30:00.000Z
                 */
                issuerSuspendedAt: string | null;
                /**
                 * Format: date-time
                 * @description When the issuer's account closed, if it did
                 * @example 2026-11-27T09:30:00.000Z
                 */
                issuerClosedAt: string | null;
                /** @description The issuer's reason, when it revoked the valuation */
                revokedReason: string | null;
              };
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              watchingSince: string;
              /**
               * Format: date-time
               * @description When the watch last changed: made, or the code revoked, replaced, expired, reinstated or relied on again
               * @example 2026-11-27T09:30:00.000Z
               */
              changedAt: string;
              /** @description The last change the lender was told of */
              lastChange: {
                /** @enum {string} */
                kind:
                  | "code.revoked"
                  | "code.superseded"
                  | "code.expired"
                  | "code.reinstated"
                  | "issuer.suspended"
                  | "reliance.duplicate"
                  | "valuer.deregistered";
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                at: string;
              } | null;
              /** @description The code that replaces a superseded one */
              supersededBy: {
                token: string;
                verificationCode: string;
              } | null;
              reliances: {
                id: string;
                /** @example ••••4821 */
                maskedReference: string;
                /**
                 * @description A decimal number as text, exactly as stored
                 * @example 12500000.00
                 */
                amount: string;
                currency: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                reliedOn: string;
              }[];
              /** @description The lender's reliance-letter request for this code, and the issuer's answer */
              letter: {
                /** @enum {string} */
                state: "requested" | "granted" | "declined";
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                requestedAt: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                relianceUntil: string | null;
                reason: string | null;
              } | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/watches/export.csv": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          show?: "valid" | "expired" | "revoked" | "superseded" | "expiring";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The Portfolio, with its filter. UTF-8 with a byte order mark, a header row (`verification_code,address,status,certificate_says,issuer,property,market_value,currency,valuation_date,valid_until,loan_references,amounts_lent,reliance_letter,replaced_by,revoked_reason,watching_since,last_change,last_change_at`), CRLF line ends; times in ISO 8601 UTC, days as YYYY-MM-DD, amounts without thousands separators. Text is always quoted, and text that a spreadsheet would run as a formula starts with an apostrophe ('). Streamed, up to 1,000,000 rows (more answers 422: narrow the export). Ten exports a minute per company. */
        200: {
          headers: {
            "Content-Disposition": string;
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/scans/recent": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The company's latest scans by people, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              scans: {
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                at: string;
                /**
                 * @description A person's scan, a link preview or crawler fetching the address, or a check of a report copy
                 * @enum {string}
                 */
                kind: "scan" | "preview" | "check";
                /** @description False for a preview, and for a repeat by the same visitor within the repeat window */
                counted: boolean;
                /** @description ISO 3166 alpha-2 code */
                country: string | null;
                city: string | null;
                /** @description One of DEVICE_CLASSES (schema/validation/scans.ts) */
                deviceClass: string | null;
                /** @description The sealed report's page whose QR was scanned; null for the code's own address */
                page: number | null;
                /**
                 * @description For a check of a report copy (kind "check"): what the check found
                 * @enum {string|null}
                 */
                checkVerdict: "exact" | "same-text" | "pages-differ" | "not-sealed-file" | null;
                code: {
                  propertyType: string;
                  propertyAddress: string;
                  propertyReference: string | null;
                  propertyArea: string | null;
                  id: number;
                  publicToken: string;
                };
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/analytics/stats": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The dashboard's numbers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              totalQRCodes: number;
              /** @description Codes created since the start of the current month */
              thisMonth: number;
              /** @description Counted scans of all the company's codes */
              verifications: number;
              /** @description Whether any of the company's reports has been sealed (the last step of the dashboard's setup checklist) */
              hasSealedReport: boolean;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/exports/codes.csv": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          search?: string;
          propertyType?: "Real Estate" | "Loose Assets" | "Motor Vehicle" | "Plant and Machinery" | "Other";
          date?: string;
          purpose?:
            | "Secured lending"
            | "Sale or purchase"
            | "Insurance"
            | "Legal or probate"
            | "Financial reporting"
            | "Other"
            | null;
          status?: "valid" | "expired" | "revoked" | "superseded";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The codes History's filters match. UTF-8 with a byte order mark, a header row (`verification_code,certificate_address,status,scans,property_type,property_address,property_reference,property_description,title_number,market_value,forced_sale_value,currency,valuation_date,inspection_date,valid_until,prepared_for,purpose,signing_valuer,created_at,revoked_at,revoked_reason`), CRLF line ends; times in ISO 8601 UTC, days as YYYY-MM-DD, amounts without thousands separators. Text is always quoted, and text that a spreadsheet would run as a formula starts with an apostrophe ('). Streamed, up to 1,000,000 rows (more answers 422: narrow the export). Ten exports a minute per company. */
        200: {
          headers: {
            "Content-Disposition": string;
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/exports/scans.csv": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          code?: string;
          since?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The company's scans, or one code's. UTF-8 with a byte order mark, a header row (`scanned_at,verification_code,property,kind,counted,country,city,device,page,copy_check`), CRLF line ends; times in ISO 8601 UTC, days as YYYY-MM-DD, amounts without thousands separators. Text is always quoted, and text that a spreadsheet would run as a formula starts with an apostrophe ('). Streamed, up to 1,000,000 rows (more answers 422: narrow the export). Ten exports a minute per company. */
        200: {
          headers: {
            "Content-Disposition": string;
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/exports/ledger.csv": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The firm's credit ledger, newest first. UTF-8 with a byte order mark, a header row (`at,kind,credits,balance_after,code,purchase,receipt,reason`), CRLF line ends; times in ISO 8601 UTC, days as YYYY-MM-DD, amounts without thousands separators. Text is always quoted, and text that a spreadsheet would run as a formula starts with an apostrophe ('). Streamed, up to 1,000,000 rows (more answers 422: narrow the export). Ten exports a minute per company. */
        200: {
          headers: {
            "Content-Disposition": string;
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/companies/current": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The company */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              name: string;
              email: string;
              phone: string | null;
              location: string | null;
              ownerId: number;
              isActive: boolean;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              updatedAt: string;
              /** @enum {string|null} */
              registrationBody:
                "Valuers Registration Board (Kenya)" | "Institution of Surveyors of Kenya" | "RICS" | "Other" | null;
              /** @description The body's name when registrationBody is "Other" */
              registrationBodyName: string | null;
              registrationNumber: string | null;
              registrationNote: string | null;
              /** @enum {string} */
              verificationStatus: "pending" | "verified" | "rejected";
              /**
               * Format: date-time
               * @description When an administrator verified the firm; null unless verified (or awaiting re-review)
               * @example 2026-11-27T09:30:00.000Z
               */
              verifiedAt: string | null;
              /** @description The administrator's note on the latest decision */
              verificationNote: string | null;
              /**
               * @description Scan alerts by email: one per scan, a daily digest at 08:00 in `timeZone`, or none
               * @enum {string}
               */
              scanAlertMode: "per-scan" | "daily" | "none";
              timeZone: string;
              /** @description Days a new code stays valid after its valuation date (VALIDITY_DAYS) */
              validityDays: number;
              /** @description The owner's rule that every member signs in with two-step sign-in */
              requireSecondFactor: boolean;
              /** @description A new company email awaiting confirmation by that address; the company's email is unchanged until then */
              pendingEmail: {
                email: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                expiresAt: string;
              } | null;
            };
          };
        };
      };
    };
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            email: string;
            phone?: string;
            location?: string;
            validityDays?: number | null;
            currentPassword?: string;
          };
        };
      };
      responses: {
        /** @description The company as changed (a new email waits for its confirmation) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              name: string;
              email: string;
              phone: string | null;
              location: string | null;
              ownerId: number;
              isActive: boolean;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              updatedAt: string;
              /** @enum {string|null} */
              registrationBody:
                "Valuers Registration Board (Kenya)" | "Institution of Surveyors of Kenya" | "RICS" | "Other" | null;
              /** @description The body's name when registrationBody is "Other" */
              registrationBodyName: string | null;
              registrationNumber: string | null;
              registrationNote: string | null;
              /** @enum {string} */
              verificationStatus: "pending" | "verified" | "rejected";
              /**
               * Format: date-time
               * @description When an administrator verified the firm; null unless verified (or awaiting re-review)
               * @example 2026-11-27T09:30:00.000Z
               */
              verifiedAt: string | null;
              /** @description The administrator's note on the latest decision */
              verificationNote: string | null;
              /**
               * @description Scan alerts by email: one per scan, a daily digest at 08:00 in `timeZone`, or none
               * @enum {string}
               */
              scanAlertMode: "per-scan" | "daily" | "none";
              timeZone: string;
              /** @description Days a new code stays valid after its valuation date (VALIDITY_DAYS) */
              validityDays: number;
              /** @description The owner's rule that every member signs in with two-step sign-in */
              requireSecondFactor: boolean;
              /** @description A new company email awaiting confirmation by that address; the company's email is unchanged until then */
              pendingEmail: {
                email: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                expiresAt: string;
              } | null;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/companies/current/registration": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @enum {string} */
            body: "Valuers Registration Board (Kenya)" | "Institution of Surveyors of Kenya" | "RICS" | "Other";
            bodyName?: string;
            number: string;
            note?: string;
          };
        };
      };
      responses: {
        /** @description The company as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              name: string;
              email: string;
              phone: string | null;
              location: string | null;
              ownerId: number;
              isActive: boolean;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              updatedAt: string;
              /** @enum {string|null} */
              registrationBody:
                "Valuers Registration Board (Kenya)" | "Institution of Surveyors of Kenya" | "RICS" | "Other" | null;
              /** @description The body's name when registrationBody is "Other" */
              registrationBodyName: string | null;
              registrationNumber: string | null;
              registrationNote: string | null;
              /** @enum {string} */
              verificationStatus: "pending" | "verified" | "rejected";
              /**
               * Format: date-time
               * @description When an administrator verified the firm; null unless verified (or awaiting re-review)
               * @example 2026-11-27T09:30:00.000Z
               */
              verifiedAt: string | null;
              /** @description The administrator's note on the latest decision */
              verificationNote: string | null;
              /**
               * @description Scan alerts by email: one per scan, a daily digest at 08:00 in `timeZone`, or none
               * @enum {string}
               */
              scanAlertMode: "per-scan" | "daily" | "none";
              timeZone: string;
              /** @description Days a new code stays valid after its valuation date (VALIDITY_DAYS) */
              validityDays: number;
              /** @description The owner's rule that every member signs in with two-step sign-in */
              requireSecondFactor: boolean;
              /** @description A new company email awaiting confirmation by that address; the company's email is unchanged until then */
              pendingEmail: {
                email: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                expiresAt: string;
              } | null;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/companies/current/scan-alerts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @enum {string} */
            mode: "per-scan" | "daily" | "none";
            timeZone?: string;
          };
        };
      };
      responses: {
        /** @description The company as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              name: string;
              email: string;
              phone: string | null;
              location: string | null;
              ownerId: number;
              isActive: boolean;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              updatedAt: string;
              /** @enum {string|null} */
              registrationBody:
                "Valuers Registration Board (Kenya)" | "Institution of Surveyors of Kenya" | "RICS" | "Other" | null;
              /** @description The body's name when registrationBody is "Other" */
              registrationBodyName: string | null;
              registrationNumber: string | null;
              registrationNote: string | null;
              /** @enum {string} */
              verificationStatus: "pending" | "verified" | "rejected";
              /**
               * Format: date-time
               * @description When an administrator verified the firm; null unless verified (or awaiting re-review)
               * @example 2026-11-27T09:30:00.000Z
               */
              verifiedAt: string | null;
              /** @description The administrator's note on the latest decision */
              verificationNote: string | null;
              /**
               * @description Scan alerts by email: one per scan, a daily digest at 08:00 in `timeZone`, or none
               * @enum {string}
               */
              scanAlertMode: "per-scan" | "daily" | "none";
              timeZone: string;
              /** @description Days a new code stays valid after its valuation date (VALIDITY_DAYS) */
              validityDays: number;
              /** @description The owner's rule that every member signs in with two-step sign-in */
              requireSecondFactor: boolean;
              /** @description A new company email awaiting confirmation by that address; the company's email is unchanged until then */
              pendingEmail: {
                email: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                expiresAt: string;
              } | null;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/companies/current/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Everything the organisation keeps with ValuSeal as one ZIP, streamed: its details, team, valuers, codes with their signed record files, daily scan counts, webhooks and API keys (no secrets), credit ledger, receipts and audit log (README.txt inside lists the files). Counts against the company's ten exports a minute. */
        200: {
          headers: {
            "Content-Disposition": string;
            [name: string]: unknown;
          };
          content: {
            "application/zip": string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/companies/current/closure": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            organisationName: string;
            currentPassword: string;
          };
        };
      };
      responses: {
        /** @description The organisation closes on closureDueAt (30 days on) unless its owner undoes it; every member is emailed. Then sign-in ends for all, keys and webhooks are revoked and the team's personal data is erased; codes already issued stay verifiable and say when the issuer's account closed. */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              /** Format: date-time */
              closureDueAt: string;
            };
          };
        };
      };
    };
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The closure is called off (nothing happens if none was asked for) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/companies/current/security": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            requireSecondFactor: boolean;
          };
        };
      };
      responses: {
        /** @description The company as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              name: string;
              email: string;
              phone: string | null;
              location: string | null;
              ownerId: number;
              isActive: boolean;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              updatedAt: string;
              /** @enum {string|null} */
              registrationBody:
                "Valuers Registration Board (Kenya)" | "Institution of Surveyors of Kenya" | "RICS" | "Other" | null;
              /** @description The body's name when registrationBody is "Other" */
              registrationBodyName: string | null;
              registrationNumber: string | null;
              registrationNote: string | null;
              /** @enum {string} */
              verificationStatus: "pending" | "verified" | "rejected";
              /**
               * Format: date-time
               * @description When an administrator verified the firm; null unless verified (or awaiting re-review)
               * @example 2026-11-27T09:30:00.000Z
               */
              verifiedAt: string | null;
              /** @description The administrator's note on the latest decision */
              verificationNote: string | null;
              /**
               * @description Scan alerts by email: one per scan, a daily digest at 08:00 in `timeZone`, or none
               * @enum {string}
               */
              scanAlertMode: "per-scan" | "daily" | "none";
              timeZone: string;
              /** @description Days a new code stays valid after its valuation date (VALIDITY_DAYS) */
              validityDays: number;
              /** @description The owner's rule that every member signs in with two-step sign-in */
              requireSecondFactor: boolean;
              /** @description A new company email awaiting confirmation by that address; the company's email is unchanged until then */
              pendingEmail: {
                email: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                expiresAt: string;
              } | null;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Two-step sign-in, passkeys and signed-in sessions */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description An authenticator app or a passkey is set up */
              twoStepEnabled: boolean;
              /** @description The authenticator app is set up */
              totpEnabled: boolean;
              passkeys: {
                id: number;
                name: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                lastUsedAt: string | null;
              }[];
              /** @description Recovery codes not used yet */
              recoveryCodesLeft: number;
              /**
               * @description Why this user must use two-step sign-in, if they must
               * @enum {string|null}
               */
              requiredBy: "administrator" | "company" | null;
              sessions: {
                /** @description A public handle of the session (not the session's own id) */
                id: string;
                device: string;
                /** @description Coarse place the session last came from, when the network told us */
                place: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                lastUsedAt: string;
                /** @description The session this request came from */
                current: boolean;
                /** @description Whether it proved a second factor */
                secondFactor: boolean;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/totp": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            currentPassword: string;
            code?: string | "";
          };
        };
      };
      responses: {
        /** @description What the authenticator app needs */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description Base32, for typing into an app that cannot scan */
              secret: string;
              otpauthUrl: string;
              /** @description The otpauth URL as an SVG QR code */
              qrSvg: string;
            };
          };
        };
      };
    };
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            currentPassword: string;
            code: string;
          };
        };
      };
      responses: {
        /** @description Two-step sign-in is off */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/totp/confirm": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            code: string;
          };
        };
      };
      responses: {
        /** @description The app is set up; the recovery codes, shown once */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              codes: string[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/recovery-codes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            code: string;
          };
        };
      };
      responses: {
        /** @description New recovery codes; the old ones no longer work */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              codes: string[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/passkeys/options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            currentPassword: string;
            code?: string | "";
          };
        };
      };
      responses: {
        /** @description The options to create a passkey with */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              challenge: string;
            } & {
              [key: string]: unknown;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/passkeys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            response: {
              id: string;
              rawId: string;
              /** @enum {string} */
              type: "public-key";
              response: {
                clientDataJSON: string;
                attestationObject: string;
              } & {
                [key: string]: unknown;
              };
              clientExtensionResults: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              authenticatorAttachment?: "platform" | "cross-platform";
            };
          };
        };
      };
      responses: {
        /** @description The passkey, and recovery codes when it is the first second factor */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              passkey: {
                id: number;
                name: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                lastUsedAt: string | null;
              };
              recoveryCodes: string[] | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/passkeys/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            currentPassword: string;
            code?: string | "";
          };
        };
      };
      responses: {
        /** @description The passkey is removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/confirm": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            code: string;
          };
        };
      };
      responses: {
        /** @description This session proved a second factor just now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/confirm/passkey-options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The options to sign a challenge with a passkey */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              challenge: string;
            } & {
              [key: string]: unknown;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/confirm/passkey": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            response: {
              id: string;
              rawId: string;
              /** @enum {string} */
              type: "public-key";
              response: {
                clientDataJSON: string;
                authenticatorData: string;
                signature: string;
                userHandle?: string;
              } & {
                [key: string]: unknown;
              };
              clientExtensionResults: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              authenticatorAttachment?: "platform" | "cross-platform";
            };
          };
        };
      };
      responses: {
        /** @description This session proved a second factor just now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/sessions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description That session is signed out */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/security/sessions/sign-out-others": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every other session is signed out */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Your own data as a file to keep: profile, sessions, passkeys, the API keys you made, and the audit log's rows about you. Ten exports a minute. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              about: string;
              /** Format: date-time */
              exportedAt: string;
              profile: {
                id: number;
                email: string;
                firstName: string | null;
                lastName: string | null;
                role: string;
                language: string;
                isActive: boolean;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                emailVerifiedAt: string | null;
                /** Format: date-time */
                identityProvenAt: string | null;
                /** Format: date-time */
                authenticatorAppSince: string | null;
                scanAlertEmails: boolean;
                companyId: number | null;
                companyName: string | null;
              };
              sessions: {
                device: string | null;
                place: string | null;
                startedAt: string | null;
                /** Format: date-time */
                lastUsedAt: string;
                /** Format: date-time */
                expires: string;
              }[];
              passkeys: {
                name: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                lastUsedAt: string | null;
              }[];
              apiKeysMade: {
                name: string;
                lastFour: string;
                scopes: string[];
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                lastUsedAt: string | null;
                /** Format: date-time */
                revokedAt: string | null;
              }[];
              auditLog: {
                /** Format: date-time */
                at: string;
                action: string;
                by: string | null;
                targetType: string;
                targetId: number | null;
                details: {
                  [key: string]: unknown;
                } | null;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/deletion": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            currentPassword: string;
          };
        };
      };
      responses: {
        /** @description The account is erased on deletionDueAt (30 days on) unless the user undoes it; an email says so. An organisation's owner closes the organisation instead (409). */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              /** Format: date-time */
              deletionDueAt: string;
            };
          };
        };
      };
    };
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The account's deletion is called off (nothing happens if none was asked for) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            firstName: string;
            lastName: string;
          };
        };
      };
      responses: {
        /** @description The user as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              email: string;
              firstName: string | null;
              lastName: string | null;
              role: string;
              isActive: boolean;
              companyId: number | null;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /** @description Whether the user has followed the confirmation link sent to `email`; codes need it */
              emailVerified: boolean;
              /** @description A member's choice to receive the company's scan alert emails (the owner always does) */
              scanAlertEmails: boolean;
              company: {
                id: number;
                name: string;
                ownerId: number;
                isActive: boolean;
                /**
                 * @description A valuation firm (issuer) or a lender
                 * @enum {string}
                 */
                kind: "issuer" | "lender";
                /**
                 * Format: date-time
                 * @description When the organisation closes, as its owner asked; the owner can undo it until then
                 * @example 2026-11-27T09:30:00.000Z
                 */
                closureDueAt: string | null;
              } | null;
              secondFactor: {
                /** @description Two-step sign-in is on for the account */
                enabled: boolean;
                /** @description This session proved it (at sign-in, or by setting it up) */
                verified: boolean;
                /** @enum {string|null} */
                requiredBy: "administrator" | "company" | null;
              };
              /**
               * Format: date-time
               * @description When the account is erased, as its user asked; they can undo it until then
               * @example 2026-11-27T09:30:00.000Z
               */
              deletionDueAt: string | null;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/password": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            currentPassword: string;
            newPassword: string;
            confirmPassword: string;
          };
        };
      };
      responses: {
        /** @description The password is changed and other sessions are signed out */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/email": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The sign-in email and a change awaiting confirmation */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              email: string;
              emailVerified: boolean;
              pending: {
                email: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                expiresAt: string;
              } | null;
            };
          };
        };
      };
    };
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            email: string;
            currentPassword: string;
          };
        };
      };
      responses: {
        /** @description A confirmation link is on its way to the new address */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/scan-alerts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            scanAlertEmails: boolean;
          };
        };
      };
      responses: {
        /** @description The user with the choice stored */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              email: string;
              firstName: string | null;
              lastName: string | null;
              role: string;
              isActive: boolean;
              companyId: number | null;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /** @description Whether the user has followed the confirmation link sent to `email`; codes need it */
              emailVerified: boolean;
              /** @description A member's choice to receive the company's scan alert emails (the owner always does) */
              scanAlertEmails: boolean;
              company: {
                id: number;
                name: string;
                ownerId: number;
                isActive: boolean;
                /**
                 * @description A valuation firm (issuer) or a lender
                 * @enum {string}
                 */
                kind: "issuer" | "lender";
                /**
                 * Format: date-time
                 * @description When the organisation closes, as its owner asked; the owner can undo it until then
                 * @example 2026-11-27T09:30:00.000Z
                 */
                closureDueAt: string | null;
              } | null;
              secondFactor: {
                /** @description Two-step sign-in is on for the account */
                enabled: boolean;
                /** @description This session proved it (at sign-in, or by setting it up) */
                verified: boolean;
                /** @enum {string|null} */
                requiredBy: "administrator" | "company" | null;
              };
              /**
               * Format: date-time
               * @description When the account is erased, as its user asked; they can undo it until then
               * @example 2026-11-27T09:30:00.000Z
               */
              deletionDueAt: string | null;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/profile/language": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @enum {string} */
            language: "en" | "sw";
          };
        };
      };
      responses: {
        /** @description The language is stored; the emails that speak it use it */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/team": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The members, oldest first, and the pending invites, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              members: {
                id: number;
                email: string;
                firstName: string | null;
                lastName: string | null;
                isActive: boolean;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                isOwner: boolean;
              }[];
              invites: {
                id: number;
                email: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                expiresAt: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/team/invites": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            email: string;
          };
        };
      };
      responses: {
        /** @description The invite; its link is emailed to the address only */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              email: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              expiresAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/team/invites/{id}/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The invite with a new link and expiry */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              email: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              expiresAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/team/invites/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The invite is cancelled */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/team/members/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The member is removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api-keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The company's keys, never the keys themselves */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description Random; names the key in DELETE /api/api-keys/:id */
              id: string;
              name: string;
              scopes: (
                | "codes:read"
                | "codes:write"
                | "codes:revoke"
                | "scans:read"
                | "exports:read"
                | "webhooks:manage"
                | "reliance:write"
                | "watches:read"
              )[];
              /** @description The key's last four characters, shown as vsk_live_…abcd */
              lastFour: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @description Null: the key does not expire
               * @example 2026-11-27T09:30:00.000Z
               */
              expiresAt: string | null;
              /**
               * Format: date-time
               * @description Null: never used. Written at most once a minute
               * @example 2026-11-27T09:30:00.000Z
               */
              lastUsedAt: string | null;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              revokedAt: string | null;
              /** @description Who made it (their email), for a firm with several owners over time */
              createdBy: string;
            }[];
          };
        };
      };
    };
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            scopes: (
              | "codes:read"
              | "codes:write"
              | "codes:revoke"
              | "scans:read"
              | "exports:read"
              | "webhooks:manage"
              | "reliance:write"
              | "watches:read"
            )[];
            /** @enum {string} */
            lifetime: "30" | "90" | "365" | "never";
            currentPassword: string;
          };
        };
      };
      responses: {
        /** @description The key, shown this once */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              apiKey: {
                /** @description Random; names the key in DELETE /api/api-keys/:id */
                id: string;
                name: string;
                scopes: (
                  | "codes:read"
                  | "codes:write"
                  | "codes:revoke"
                  | "scans:read"
                  | "exports:read"
                  | "webhooks:manage"
                  | "reliance:write"
                  | "watches:read"
                )[];
                /** @description The key's last four characters, shown as vsk_live_…abcd */
                lastFour: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @description Null: the key does not expire
                 * @example 2026-11-27T09:30:00.000Z
                 */
                expiresAt: string | null;
                /**
                 * Format: date-time
                 * @description Null: never used. Written at most once a minute
                 * @example 2026-11-27T09:30:00.000Z
                 */
                lastUsedAt: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                revokedAt: string | null;
                /** @description Who made it (their email), for a firm with several owners over time */
                createdBy: string;
              };
              key: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api-keys/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The key is revoked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/billing": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The firm's credits, prices, purchases and ledger */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description Credits left: one pays for one code */
              balance: number;
              ledger: {
                items: {
                  id: number;
                  /** @enum {string} */
                  kind: "purchase" | "issue" | "trial" | "grant" | "reversal" | "adjustment";
                  /** @description The change: +50 bought, −1 for a code issued */
                  credits: number;
                  balanceAfter: number;
                  /** @description The code an issue paid for */
                  codeId: number | null;
                  /** @description The purchase a purchase entry came from */
                  purchaseId: string | null;
                  /** @description Why an administrator granted or reversed credits */
                  reason: string | null;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  createdAt: string;
                }[];
                page: number;
                pageSize: number;
                total: number;
              };
              cardPayments: boolean;
              mpesaPayments: boolean;
              details: {
                legalName: string;
                postalAddress: string;
                kraPin: string | null;
                /** @enum {string} */
                currency: "USD" | "KES";
              } | null;
              detailsComplete: boolean;
              /** @enum {string} */
              currency: "USD" | "KES";
              packs: {
                credits: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                netMinor: number;
                /** @description VAT rate: 1600 is 16 % */
                vatRateBasisPoints: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                vatMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                totalMinor: number;
              }[];
              purchases: {
                /** @description The purchase's public id (pur_…) */
                id: string;
                credits: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                netMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                vatMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                totalMinor: number;
                /** @enum {string} */
                status: "pending" | "paid" | "failed" | "refunded";
                failureReason: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                paidAt: string | null;
                /** @description The receipt's public id, once paid */
                receiptId: string | null;
                /** @example VS-000042 */
                receiptNumber: string | null;
                /** @enum {string} */
                provider: "stripe" | "mpesa";
                mpesa: {
                  /** @enum {string} */
                  state: "created" | "sent" | "paid" | "failed" | "timed-out" | "needs-review";
                  /**
                   * @description The phone, partly hidden
                   * @example 07•• ••• 678
                   */
                  phone: string;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  sentAt: string | null;
                  message: string | null;
                  canSendAgain: boolean;
                } | null;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/billing/details": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            legalName: string;
            postalAddress: string;
            kraPin?: string;
            /** @enum {string} */
            currency: "USD" | "KES";
          };
        };
      };
      responses: {
        /** @description Who the firm's receipts are made out to */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              legalName: string;
              postalAddress: string;
              kraPin: string | null;
              /** @enum {string} */
              currency: "USD" | "KES";
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/billing/purchases": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            credits: 10 | 50 | 200;
          };
        };
      };
      responses: {
        /** @description The pending purchase and the Checkout page to pay it on */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              purchase: {
                /** @description The purchase's public id (pur_…) */
                id: string;
                credits: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                netMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                vatMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                totalMinor: number;
                /** @enum {string} */
                status: "pending" | "paid" | "failed" | "refunded";
                failureReason: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                paidAt: string | null;
                /** @description The receipt's public id, once paid */
                receiptId: string | null;
                /** @example VS-000042 */
                receiptNumber: string | null;
                /** @enum {string} */
                provider: "stripe" | "mpesa";
                mpesa: {
                  /** @enum {string} */
                  state: "created" | "sent" | "paid" | "failed" | "timed-out" | "needs-review";
                  /**
                   * @description The phone, partly hidden
                   * @example 07•• ••• 678
                   */
                  phone: string;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  sentAt: string | null;
                  message: string | null;
                  canSendAgain: boolean;
                } | null;
              };
              /** Format: uri */
              checkoutUrl: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/billing/mpesa": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            credits: 10 | 50 | 200;
            phone: string;
          };
        };
      };
      responses: {
        /** @description The pending purchase; the payment prompt is on the phone */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description The purchase's public id (pur_…) */
              id: string;
              credits: number;
              /** @enum {string} */
              currency: "USD" | "KES";
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              netMinor: number;
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              vatMinor: number;
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              totalMinor: number;
              /** @enum {string} */
              status: "pending" | "paid" | "failed" | "refunded";
              failureReason: string | null;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              paidAt: string | null;
              /** @description The receipt's public id, once paid */
              receiptId: string | null;
              /** @example VS-000042 */
              receiptNumber: string | null;
              /** @enum {string} */
              provider: "stripe" | "mpesa";
              mpesa: {
                /** @enum {string} */
                state: "created" | "sent" | "paid" | "failed" | "timed-out" | "needs-review";
                /**
                 * @description The phone, partly hidden
                 * @example 07•• ••• 678
                 */
                phone: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                sentAt: string | null;
                message: string | null;
                canSendAgain: boolean;
              } | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/billing/purchases/{id}/mpesa": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            phone?: string;
          };
        };
      };
      responses: {
        /** @description The purchase; a new payment prompt is on the phone */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description The purchase's public id (pur_…) */
              id: string;
              credits: number;
              /** @enum {string} */
              currency: "USD" | "KES";
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              netMinor: number;
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              vatMinor: number;
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              totalMinor: number;
              /** @enum {string} */
              status: "pending" | "paid" | "failed" | "refunded";
              failureReason: string | null;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              paidAt: string | null;
              /** @description The receipt's public id, once paid */
              receiptId: string | null;
              /** @example VS-000042 */
              receiptNumber: string | null;
              /** @enum {string} */
              provider: "stripe" | "mpesa";
              mpesa: {
                /** @enum {string} */
                state: "created" | "sent" | "paid" | "failed" | "timed-out" | "needs-review";
                /**
                 * @description The phone, partly hidden
                 * @example 07•• ••• 678
                 */
                phone: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                sentAt: string | null;
                message: string | null;
                canSendAgain: boolean;
              } | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/billing/mpesa/callback/{token}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Kept; the payment is confirmed by asking M-Pesa, never by this message */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {number} */
              ResultCode: 0;
              /** @enum {string} */
              ResultDesc: "Accepted";
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/billing/purchases/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The purchase: pending, paid (with its receipt) or failed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description The purchase's public id (pur_…) */
              id: string;
              credits: number;
              /** @enum {string} */
              currency: "USD" | "KES";
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              netMinor: number;
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              vatMinor: number;
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              totalMinor: number;
              /** @enum {string} */
              status: "pending" | "paid" | "failed" | "refunded";
              failureReason: string | null;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              paidAt: string | null;
              /** @description The receipt's public id, once paid */
              receiptId: string | null;
              /** @example VS-000042 */
              receiptNumber: string | null;
              /** @enum {string} */
              provider: "stripe" | "mpesa";
              mpesa: {
                /** @enum {string} */
                state: "created" | "sent" | "paid" | "failed" | "timed-out" | "needs-review";
                /**
                 * @description The phone, partly hidden
                 * @example 07•• ••• 678
                 */
                phone: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                sentAt: string | null;
                message: string | null;
                canSendAgain: boolean;
              } | null;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/billing/purchases/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The purchase, its Checkout closed unpaid (or paid after all) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description The purchase's public id (pur_…) */
              id: string;
              credits: number;
              /** @enum {string} */
              currency: "USD" | "KES";
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              netMinor: number;
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              vatMinor: number;
              /**
               * @description Minor units (cents)
               * @example 580000
               */
              totalMinor: number;
              /** @enum {string} */
              status: "pending" | "paid" | "failed" | "refunded";
              failureReason: string | null;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              createdAt: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              paidAt: string | null;
              /** @description The receipt's public id, once paid */
              receiptId: string | null;
              /** @example VS-000042 */
              receiptNumber: string | null;
              /** @enum {string} */
              provider: "stripe" | "mpesa";
              mpesa: {
                /** @enum {string} */
                state: "created" | "sent" | "paid" | "failed" | "timed-out" | "needs-review";
                /**
                 * @description The phone, partly hidden
                 * @example 07•• ••• 678
                 */
                phone: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                sentAt: string | null;
                message: string | null;
                canSendAgain: boolean;
              } | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/billing/receipts/{id}/pdf": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The receipt (tax invoice) as a PDF */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/pdf": string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/billing/stripe/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The event is kept (once) and acted on */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              received: true;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The company's endpoints */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpoint"][];
          };
        };
      };
    };
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /**
             * @description A public https address on port 443
             * @example https://hooks.example.com/valuseal
             */
            url: string;
            /**
             * @description What the endpoint is for, for the people who manage it
             * @default
             * @example Loan system (production)
             */
            description?: string;
            /**
             * @description The events to send
             * @example [
             *       "code.scanned",
             *       "code.revoked"
             *     ]
             */
            eventTypes: (
              | "code.issued"
              | "code.scanned"
              | "code.revoked"
              | "code.superseded"
              | "code.reinstated"
              | "code.expired"
              | "seal.check_mismatch"
              | "reliance.duplicate"
              | "issuer.suspended"
              | "valuer.deregistered"
            )[];
          };
        };
      };
      responses: {
        /** @description The endpoint, with its signing secret shown this once */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpointCreated"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The endpoint */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpoint"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The endpoint is removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /**
             * @description A public https address on port 443
             * @example https://hooks.example.com/valuseal
             */
            url?: string;
            /**
             * @description What the endpoint is for, for the people who manage it
             * @example Loan system (production)
             */
            description?: string;
            /**
             * @description The events to send
             * @example [
             *       "code.scanned",
             *       "code.revoked"
             *     ]
             */
            eventTypes?: (
              | "code.issued"
              | "code.scanned"
              | "code.revoked"
              | "code.superseded"
              | "code.reinstated"
              | "code.expired"
              | "seal.check_mismatch"
              | "reliance.duplicate"
              | "issuer.suspended"
              | "valuer.deregistered"
            )[];
            /** @description false stops deliveries; true starts them again (also after automatic disabling) */
            enabled?: boolean;
          };
        };
      };
      responses: {
        /** @description The endpoint as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpoint"];
          };
        };
      };
    };
    trace?: never;
  };
  "/webhooks/{id}/attempts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of the endpoint's delivery log, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookAttemptPage"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{id}/deliveries/{eventId}/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          eventId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The delivery is queued again */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{id}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The test event is queued for this endpoint alone */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookTestEvent"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{id}/secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["WebhookSecretRotation"];
        };
      };
      responses: {
        /** @description The endpoint, with its new signing secret shown this once */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpointCreated"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/invites/{token}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description What the invitee sees before joining */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              companyName: string;
              email: string;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              expiresAt: string;
              /** @description The address already has an account, which belongs to one company: the invite cannot be accepted */
              hasAccount: boolean;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/invites/{token}/accept": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            firstName: string;
            lastName: string;
            password: string;
            confirmPassword: string;
          };
        };
      };
      responses: {
        /** @description The new member, signed in */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              token: string;
              user: {
                id: number;
                email: string;
                firstName: string | null;
                lastName: string | null;
                role: string;
                isActive: boolean;
                companyId: number | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /** @description Whether the user has followed the confirmation link sent to `email`; codes need it */
                emailVerified: boolean;
                /** @description A member's choice to receive the company's scan alert emails (the owner always does) */
                scanAlertEmails: boolean;
                company: {
                  id: number;
                  name: string;
                  ownerId: number;
                  isActive: boolean;
                  /**
                   * @description A valuation firm (issuer) or a lender
                   * @enum {string}
                   */
                  kind: "issuer" | "lender";
                  /**
                   * Format: date-time
                   * @description When the organisation closes, as its owner asked; the owner can undo it until then
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  closureDueAt: string | null;
                } | null;
                secondFactor: {
                  /** @description Two-step sign-in is on for the account */
                  enabled: boolean;
                  /** @description This session proved it (at sign-in, or by setting it up) */
                  verified: boolean;
                  /** @enum {string|null} */
                  requiredBy: "administrator" | "company" | null;
                };
                /**
                 * Format: date-time
                 * @description When the account is erased, as its user asked; they can undo it until then
                 * @example 2026-11-27T09:30:00.000Z
                 */
                deletionDueAt: string | null;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/locations/search": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          q?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Suggestions, best first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              suggestions: {
                name: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/password-reset": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            email: string;
          };
        };
      };
      responses: {
        /** @description The same answer whether or not the email has an account */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/password-reset/confirm": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            token: string;
            password: string;
            confirmPassword: string;
          };
        };
      };
      responses: {
        /** @description The password is changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/certificates/{token}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The certificate, as the scan counted it */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              propertyAddress: string;
              propertyReference: string | null;
              propertyArea: string | null;
              propertyType: string;
              propertySize: string | null;
              propertySizeUnit: string | null;
              landSize: string | null;
              landSizeUnit: string | null;
              marketValue: string;
              currency: string;
              valuationDate: string;
              signingValuer: string | null;
              valuerQualification: string | null;
              valuerPhone: string | null;
              companyName: string;
              companyEmail: string | null;
              companyPhone: string | null;
              issuerRegistration: string | null;
              qrCodeId: string;
              verificationCount: number;
              /** @enum {string} */
              status: "valid" | "expired" | "revoked" | "superseded" | "sample";
              revokedAt: string | null;
              revokedReason: string | null;
              supersededBy: string | null;
              valuerRegistrationNumber: string | null;
              issuerVerified: boolean;
              /** @enum {string} */
              issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
              /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
              valuerRegisterCheck: {
                /** @enum {string} */
                result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                /** @enum {string} */
                kind: "published-list" | "manual-evidence";
                body: string;
                registrationNumber: string;
                /** Format: date */
                publishedOn: string | null;
                /** Format: date */
                reviewedOn: string | null;
                /** Format: date */
                validUntil: string | null;
                /** Format: date */
                checkedOn: string;
              } | null;
              issuerVerifiedAt: string | null;
              issuerSuspendedAt: string | null;
              issuerClosedAt: string | null;
              reinstatement: {
                revokedAt: string;
                reinstatedAt: string;
                reason: string | null;
              } | null;
              addressee: string | null;
              /** @enum {string|null} */
              purpose:
                | "Secured lending"
                | "Sale or purchase"
                | "Insurance"
                | "Legal or probate"
                | "Financial reporting"
                | "Other"
                | null;
              inspectionDate: string | null;
              forcedSaleValue: string | null;
              titleNumber: string | null;
              validUntil: string | null;
              verificationCode: string | null;
              relianceLetters: {
                lenderName: string;
                relianceUntil: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/certificates/{token}/record": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The certificate's signed record, as a file to keep */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              about: string;
              howToCheck: string;
              keys: string;
              status: string;
              /** @description The certificate as it stands: the latest record */
              record: string;
              /** @description Every earlier record of the code, oldest first: as issued, each withdrawal, reinstatement and seal */
              history: string[];
              /** @description Set when the code's state now is newer than its last signed record (a withdrawal while signing was paused): what changed. The status link answers the state now, signed. */
              unsignedChange: string | null;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/certificates/{token}/check": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            sha256: string;
            pageFingerprints: string[];
          };
        };
      };
      responses: {
        /** @description What the copy's fingerprints match */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {string} */
              verdict: "exact" | "same-text" | "pages-differ" | "not-sealed-file";
              /**
               * @description The check's colour by the one rule every ValuSeal verifier uses (verifier/judge.ts): valid only for the exact sealed file of the latest version of a standing code from an issuer ValuSeal verified; invalid for a file that is not the sealed report or a withdrawn code; warning otherwise
               * @enum {string}
               */
              tone: "valid" | "warning" | "invalid";
              differingPages?: number[];
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              sealedAt: string | null;
              pageCount: number | null;
              matchedVersion: number | null;
              latestVersion: number | null;
              /** @enum {string} */
              codeStatus: "valid" | "expired" | "revoked" | "superseded" | "sample";
              /** @description The code the copy was checked against, as its public certificate shows it, so the reader can see whose code it is and compare it with the report (and with where the pages' QR codes lead) */
              code: {
                /** @description The code's verification address, `<origin>/v/<token>` */
                address: string;
                issuerName: string;
                /** @description Whether ValuSeal vouches for the issuer (issuerTrust is "verified") */
                issuerVerified: boolean;
                /** @enum {string} */
                issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
                /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
                valuerRegisterCheck: {
                  /** @enum {string} */
                  result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                  /** @enum {string} */
                  kind: "published-list" | "manual-evidence";
                  body: string;
                  registrationNumber: string;
                  /** Format: date */
                  publishedOn: string | null;
                  /** Format: date */
                  reviewedOn: string | null;
                  /** Format: date */
                  validUntil: string | null;
                  /** Format: date */
                  checkedOn: string;
                } | null;
                /**
                 * Format: date-time
                 * @description When the issuer's account closed, if it did: said beside the verdict, which it does not change (nobody at the firm can withdraw or replace the report any more)
                 * @example 2026-11-27T09:30:00.000Z
                 */
                issuerClosedAt: string | null;
                /** @description The property's location, or a vehicle's description (codeTitle) */
                property: string;
                /**
                 * @description A decimal number as text, exactly as stored
                 * @example 12500000.00
                 */
                marketValue: string;
                currency: string;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/verification-codes/{code}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          code: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The certificate, as a scan would count it */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              propertyAddress: string;
              propertyReference: string | null;
              propertyArea: string | null;
              propertyType: string;
              propertySize: string | null;
              propertySizeUnit: string | null;
              landSize: string | null;
              landSizeUnit: string | null;
              marketValue: string;
              currency: string;
              valuationDate: string;
              signingValuer: string | null;
              valuerQualification: string | null;
              valuerPhone: string | null;
              companyName: string;
              companyEmail: string | null;
              companyPhone: string | null;
              issuerRegistration: string | null;
              qrCodeId: string;
              verificationCount: number;
              /** @enum {string} */
              status: "valid" | "expired" | "revoked" | "superseded" | "sample";
              revokedAt: string | null;
              revokedReason: string | null;
              supersededBy: string | null;
              valuerRegistrationNumber: string | null;
              issuerVerified: boolean;
              /** @enum {string} */
              issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
              /** @description What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked */
              valuerRegisterCheck: {
                /** @enum {string} */
                result: "matched" | "name-differs" | "not-found" | "removed" | "suspended" | "stale" | "expired";
                /** @enum {string} */
                kind: "published-list" | "manual-evidence";
                body: string;
                registrationNumber: string;
                /** Format: date */
                publishedOn: string | null;
                /** Format: date */
                reviewedOn: string | null;
                /** Format: date */
                validUntil: string | null;
                /** Format: date */
                checkedOn: string;
              } | null;
              issuerVerifiedAt: string | null;
              issuerSuspendedAt: string | null;
              issuerClosedAt: string | null;
              reinstatement: {
                revokedAt: string;
                reinstatedAt: string;
                reason: string | null;
              } | null;
              addressee: string | null;
              /** @enum {string|null} */
              purpose:
                | "Secured lending"
                | "Sale or purchase"
                | "Insurance"
                | "Legal or probate"
                | "Financial reporting"
                | "Other"
                | null;
              inspectionDate: string | null;
              forcedSaleValue: string | null;
              titleNumber: string | null;
              validUntil: string | null;
              verificationCode: string | null;
              relianceLetters: {
                lenderName: string;
                relianceUntil: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/platform-figures": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The figures as last counted, with when */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description Valuation firms ValuSeal has verified, active and not suspended */
              verifiedFirms: number;
              codesIssued: number;
              /** @description Counted scans of real codes in the UTC month of countedAt */
              scansThisMonth: number;
              /**
               * Format: date-time
               * @example 2026-11-27T09:30:00.000Z
               */
              countedAt: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/pricing": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          currency?: "USD" | "KES";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The packs on sale now, with VAT */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {string} */
              currency: "USD" | "KES";
              packs: {
                credits: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                netMinor: number;
                /** @description VAT rate: 1600 is 16 % */
                vatRateBasisPoints: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                vatMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                totalMinor: number;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/receipts/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The receipt as issued, and its signature */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: string;
              document: {
                number: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                issuedAt: string;
                seller: {
                  name: string;
                  address: string;
                  taxNumbers: string;
                };
                buyer: {
                  name: string;
                  address: string;
                  kraPin: string | null;
                };
                description: string;
                quantity: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                unitPriceMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                netMinor: number;
                vatRateBasisPoints: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                vatMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                totalMinor: number;
                paymentMethod: string;
                paymentReference: string;
                purchaseId: string;
              };
              /** @description JWS (EdDSA) over the document, checkable with /.well-known/jwks.json */
              signature: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/stats": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The platform dashboard's numbers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              totalUsers: number;
              activeCompanies: number;
              totalQRCodes: number;
              /** @description Counted scans of real codes since midnight UTC */
              verificationsToday: number;
              /** @description Companies whose identity an administrator has not yet reviewed (the verification queue) */
              companiesAwaitingVerification: number;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/companies-detailed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          search?: string;
          verification?: "pending" | "verified" | "rejected";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every company (or with `page`, one page and the total) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json":
              | {
                  id: number;
                  name: string;
                  email: string;
                  phone: string | null;
                  location: string | null;
                  ownerId: number;
                  isActive: boolean;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  createdAt: string;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  updatedAt: string;
                  /** @enum {string|null} */
                  registrationBody:
                    | "Valuers Registration Board (Kenya)"
                    | "Institution of Surveyors of Kenya"
                    | "RICS"
                    | "Other"
                    | null;
                  /** @description The body's name when registrationBody is "Other" */
                  registrationBodyName: string | null;
                  registrationNumber: string | null;
                  registrationNote: string | null;
                  /** @enum {string} */
                  verificationStatus: "pending" | "verified" | "rejected";
                  /**
                   * Format: date-time
                   * @description When an administrator verified the firm; null unless verified (or awaiting re-review)
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  verifiedAt: string | null;
                  /** @description The administrator's note on the latest decision */
                  verificationNote: string | null;
                  /** @description The owner's email */
                  userEmail: string;
                  /**
                   * @description A valuation firm (issuer) or a lender
                   * @enum {string}
                   */
                  kind: "issuer" | "lender";
                  /** @enum {string|null} */
                  lenderType: "bank" | "sacco" | "microfinance" | null;
                  qrCodeCount: number;
                  /** @description Valuers not deleted by the company */
                  valuerCount: number;
                }[]
              | {
                  items: {
                    id: number;
                    name: string;
                    email: string;
                    phone: string | null;
                    location: string | null;
                    ownerId: number;
                    isActive: boolean;
                    /**
                     * Format: date-time
                     * @example 2026-11-27T09:30:00.000Z
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @example 2026-11-27T09:30:00.000Z
                     */
                    updatedAt: string;
                    /** @enum {string|null} */
                    registrationBody:
                      | "Valuers Registration Board (Kenya)"
                      | "Institution of Surveyors of Kenya"
                      | "RICS"
                      | "Other"
                      | null;
                    /** @description The body's name when registrationBody is "Other" */
                    registrationBodyName: string | null;
                    registrationNumber: string | null;
                    registrationNote: string | null;
                    /** @enum {string} */
                    verificationStatus: "pending" | "verified" | "rejected";
                    /**
                     * Format: date-time
                     * @description When an administrator verified the firm; null unless verified (or awaiting re-review)
                     * @example 2026-11-27T09:30:00.000Z
                     */
                    verifiedAt: string | null;
                    /** @description The administrator's note on the latest decision */
                    verificationNote: string | null;
                    /** @description The owner's email */
                    userEmail: string;
                    /**
                     * @description A valuation firm (issuer) or a lender
                     * @enum {string}
                     */
                    kind: "issuer" | "lender";
                    /** @enum {string|null} */
                    lenderType: "bank" | "sacco" | "microfinance" | null;
                    qrCodeCount: number;
                    /** @description Valuers not deleted by the company */
                    valuerCount: number;
                  }[];
                  page: number;
                  pageSize: number;
                  total: number;
                };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/companies/{id}/details": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The company, its newest codes, valuers and identities */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              company: {
                id: number;
                name: string;
                email: string;
                phone: string | null;
                location: string | null;
                ownerId: number;
                isActive: boolean;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                updatedAt: string;
                /** @enum {string|null} */
                registrationBody:
                  "Valuers Registration Board (Kenya)" | "Institution of Surveyors of Kenya" | "RICS" | "Other" | null;
                /** @description The body's name when registrationBody is "Other" */
                registrationBodyName: string | null;
                registrationNumber: string | null;
                registrationNote: string | null;
                /** @enum {string} */
                verificationStatus: "pending" | "verified" | "rejected";
                /**
                 * Format: date-time
                 * @description When an administrator verified the firm; null unless verified (or awaiting re-review)
                 * @example 2026-11-27T09:30:00.000Z
                 */
                verifiedAt: string | null;
                /** @description The administrator's note on the latest decision */
                verificationNote: string | null;
                /** @description The owner's email */
                userEmail: string;
                /**
                 * @description A valuation firm (issuer) or a lender
                 * @enum {string}
                 */
                kind: "issuer" | "lender";
                /** @enum {string|null} */
                lenderType: "bank" | "sacco" | "microfinance" | null;
                qrCodeCount: number;
                /** @description Valuers not deleted by the company */
                valuerCount: number;
              };
              qrCodes: {
                propertyType: string;
                propertyAddress: string;
                propertyReference: string | null;
                propertyArea: string | null;
                id: number;
                /**
                 * @description A decimal number as text, exactly as stored
                 * @example 12500000.00
                 */
                marketValue: string;
                currency: string;
                /**
                 * Format: date-time
                 * @description A calendar day, as midnight UTC
                 * @example 2026-11-20T00:00:00.000Z
                 */
                valuationDate: string;
                verificationCount: number;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                revokedAt: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
              }[];
              valuers: {
                id: number;
                name: string;
                phone: string | null;
                qualification: string | null;
                isActive: boolean;
              }[];
              codeIdentities: {
                issuerName: string;
                issuerEmail: string;
                /** @description "RICS 12345", the body's own name for "Other"; null when the codes carry none */
                registration: string | null;
                codes: number;
                /** @description Codes under this identity that are not "Verified Authentic" by the trust rule (ISSUER_TRUST) */
                notVouchedFor: number;
                /** @description Whether this is the firm's current identity: the one a verification now would record */
                isCurrent: boolean;
              }[];
              /** @description Codes under the firm's current details that ValuSeal does not vouch for yet, newest first (at most 50): what verifying with confirmEarlierCodes turns green */
              earlierCodes: {
                id: number;
                verificationCode: string;
                property: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @description When the owner asked ValuSeal to confirm it
                 * @example 2026-11-27T09:30:00.000Z
                 */
                confirmationRequestedAt: string | null;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/companies/{id}/status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            isActive: boolean;
          };
        };
      };
      responses: {
        /** @description "Company activated" or "Company deactivated" */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              company: {
                id: number;
                isActive: boolean;
              };
            };
          };
        };
      };
    };
    trace?: never;
  };
  "/admin/companies/{id}/credits": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            credits: number;
            reason: string;
          };
        };
      };
      responses: {
        /** @description The change written to the firm's ledger */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              balance: number;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/companies/{id}/reset-password": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            password: string;
          };
        };
      };
      responses: {
        /** @description The owner's password is replaced */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  "/admin/companies/{id}/verification": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            verified: boolean;
            note?: string;
            confirmEarlierCodes?: boolean;
          };
        };
      };
      responses: {
        /** @description The decision as stored */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              company: {
                id: number;
                /** @enum {string} */
                verificationStatus: "pending" | "verified" | "rejected";
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                verifiedAt: string | null;
                verificationNote: string | null;
              };
            };
          };
        };
      };
    };
    trace?: never;
  };
  "/admin/users": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every user (or with `page`, one page and the total) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json":
              | {
                  id: number;
                  email: string;
                  firstName: string | null;
                  lastName: string | null;
                  role: string;
                  isActive: boolean;
                  companyId: number | null;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  createdAt: string;
                  /** @description Whether the user has followed the confirmation link sent to `email`; codes need it */
                  emailVerified: boolean;
                  /** @description A member's choice to receive the company's scan alert emails (the owner always does) */
                  scanAlertEmails: boolean;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  updatedAt: string;
                  company: {
                    id: number;
                    name: string;
                  } | null;
                }[]
              | {
                  items: {
                    id: number;
                    email: string;
                    firstName: string | null;
                    lastName: string | null;
                    role: string;
                    isActive: boolean;
                    companyId: number | null;
                    /**
                     * Format: date-time
                     * @example 2026-11-27T09:30:00.000Z
                     */
                    createdAt: string;
                    /** @description Whether the user has followed the confirmation link sent to `email`; codes need it */
                    emailVerified: boolean;
                    /** @description A member's choice to receive the company's scan alert emails (the owner always does) */
                    scanAlertEmails: boolean;
                    /**
                     * Format: date-time
                     * @example 2026-11-27T09:30:00.000Z
                     */
                    updatedAt: string;
                    company: {
                      id: number;
                      name: string;
                    } | null;
                  }[];
                  page: number;
                  pageSize: number;
                  total: number;
                };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/users/bulk-status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            userIds: number[];
            isActive: boolean;
          };
        };
      };
      responses: {
        /** @description How many users changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              updated: number;
            };
          };
        };
      };
    };
    trace?: never;
  };
  "/admin/users/{id}/status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            isActive: boolean;
          };
        };
      };
      responses: {
        /** @description "User activated" or "User deactivated" */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              user: {
                id: number;
                isActive: boolean;
              };
            };
          };
        };
      };
    };
    trace?: never;
  };
  "/admin/users/bulk-delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            userIds: number[];
          };
        };
      };
      responses: {
        /** @description How many users were deleted: their personal data erased and any organisation they own closed with its team; codes already issued stay verifiable */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
              deleted: number;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/users/{id}/second-factor-reset": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            evidence: string;
          };
        };
      };
      responses: {
        /** @description Every second factor of the user is removed and they are signed out */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/users/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The user is deleted: their personal data erased and any organisation they own closed with its team; its codes stay verifiable */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/audit-log": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of administrators' changes, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              items: {
                id: number;
                /** @description Copied when the change was made, so it survives the actor's deletion */
                actorEmail: string | null;
                /** @description "user.deactivated", "company.password_reset", … */
                action: string;
                targetType: string;
                targetId: number | null;
                /** @description What a reader needs once the target is gone (its email, name, owned companies); never secrets */
                details: {
                  [key: string]: unknown;
                } | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
              }[];
              page: number;
              pageSize: number;
              total: number;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/signing-keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every key the platform has signed with */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              keys: {
                /** @enum {string} */
                kty: "OKP";
                /** @enum {string} */
                crv: "Ed25519";
                x: string;
                kid: string;
                /** @enum {string} */
                alg: "EdDSA";
                /** @enum {string} */
                use: "sig";
                started_at: string;
                stopped_at: string | null;
                compromised_at: string | null;
              }[];
              /** @description When this copy of the history was taken (ISO 8601): a saved copy knows nothing after it */
              generated_at?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/signing-keys/{kid}/compromise": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          kid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** Format: date-time */
            compromisedAt: string;
          };
        };
      };
      responses: {
        /** @description The key history with the key marked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              keys: {
                /** @enum {string} */
                kty: "OKP";
                /** @enum {string} */
                crv: "Ed25519";
                x: string;
                kid: string;
                /** @enum {string} */
                alg: "EdDSA";
                /** @enum {string} */
                use: "sig";
                started_at: string;
                stopped_at: string | null;
                compromised_at: string | null;
              }[];
              /** @description When this copy of the history was taken (ISO 8601): a saved copy knows nothing after it */
              generated_at?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/title-conflicts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Same-title valuations whose values differ, most recent first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              items: {
                titleNumber: string;
                /** @description The difference, as a share of the lower value */
                percent: number;
                codes: {
                  token: string;
                  verificationCode: string;
                  issuerName: string;
                  companyId: number;
                  /**
                   * @description A decimal number as text, exactly as stored
                   * @example 12500000.00
                   */
                  marketValue: string;
                  currency: string;
                  /**
                   * Format: date-time
                   * @description A calendar day, as midnight UTC
                   * @example 2026-11-20T00:00:00.000Z
                   */
                  valuationDate: string;
                  /** @enum {string} */
                  status: "valid" | "expired" | "revoked" | "superseded";
                  /** @description How many institutions rely on it */
                  institutions: number;
                }[];
              }[];
              page: number;
              pageSize: number;
              total: number;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/billing": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Prices, recent purchases and revenue */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              prices: {
                id: number;
                credits: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                netMinor: number;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                effectiveFrom: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                current: boolean;
              }[];
              purchases: {
                id: string;
                companyId: number;
                companyName: string | null;
                credits: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                totalMinor: number;
                /** @enum {string} */
                status: "pending" | "paid" | "failed" | "refunded";
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                paidAt: string | null;
                stale: boolean;
                /** @enum {string} */
                provider: "stripe" | "mpesa";
                needsReview: boolean;
              }[];
              revenue: {
                /** @example 2026-12 */
                month: string;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                paidMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                vatMinor: number;
                purchases: number;
              }[];
              stalePending: number;
              mpesaReviews: {
                id: number;
                purchaseId: string;
                companyName: string | null;
                phone: string;
                /** @description Whole shillings */
                amount: number;
                /** @description What the payer's statement shows: tells one payment from another */
                accountReference: string;
                checkoutRequestId: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                sentAt: string | null;
                note: string | null;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/billing/prices": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            credits: 10 | 50 | 200;
            /** @enum {string} */
            currency: "USD" | "KES";
            amount: string;
            /** Format: date */
            effectiveFrom: string;
          };
        };
      };
      responses: {
        /** @description The billing overview with the new price in its list */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              prices: {
                id: number;
                credits: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                netMinor: number;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                effectiveFrom: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                current: boolean;
              }[];
              purchases: {
                id: string;
                companyId: number;
                companyName: string | null;
                credits: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                totalMinor: number;
                /** @enum {string} */
                status: "pending" | "paid" | "failed" | "refunded";
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                paidAt: string | null;
                stale: boolean;
                /** @enum {string} */
                provider: "stripe" | "mpesa";
                needsReview: boolean;
              }[];
              revenue: {
                /** @example 2026-12 */
                month: string;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                paidMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                vatMinor: number;
                purchases: number;
              }[];
              stalePending: number;
              mpesaReviews: {
                id: number;
                purchaseId: string;
                companyName: string | null;
                phone: string;
                /** @description Whole shillings */
                amount: number;
                /** @description What the payer's statement shows: tells one payment from another */
                accountReference: string;
                checkoutRequestId: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                sentAt: string | null;
                note: string | null;
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/billing/mpesa/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json":
            | {
                /** @enum {boolean} */
                paid: true;
                mpesaReceipt: string;
              }
            | {
                /** @enum {boolean} */
                paid: false;
                note: string;
              };
        };
      };
      responses: {
        /** @description The billing overview, the payment settled */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              prices: {
                id: number;
                credits: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                netMinor: number;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                effectiveFrom: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                current: boolean;
              }[];
              purchases: {
                id: string;
                companyId: number;
                companyName: string | null;
                credits: number;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                totalMinor: number;
                /** @enum {string} */
                status: "pending" | "paid" | "failed" | "refunded";
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                paidAt: string | null;
                stale: boolean;
                /** @enum {string} */
                provider: "stripe" | "mpesa";
                needsReview: boolean;
              }[];
              revenue: {
                /** @example 2026-12 */
                month: string;
                /** @enum {string} */
                currency: "USD" | "KES";
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                paidMinor: number;
                /**
                 * @description Minor units (cents)
                 * @example 580000
                 */
                vatMinor: number;
                purchases: number;
              }[];
              stalePending: number;
              mpesaReviews: {
                id: number;
                purchaseId: string;
                companyName: string | null;
                phone: string;
                /** @description Whole shillings */
                amount: number;
                /** @description What the payer's statement shows: tells one payment from another */
                accountReference: string;
                checkoutRequestId: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                sentAt: string | null;
                note: string | null;
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/register": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The registers and their snapshots, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              sources: {
                id: number;
                jurisdiction: string;
                body: string;
                /** @enum {string} */
                kind: "published-list" | "manual-evidence";
                url: string | null;
                snapshots: {
                  id: number;
                  sourceId: number;
                  /** @example 2026-01-15 */
                  publishedOn: string;
                  fileName: string;
                  fileSha256: string;
                  rowCount: number;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  importedAt: string;
                }[];
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/register/sources": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            jurisdiction: string;
            body: string;
            /** @enum {string} */
            kind: "published-list" | "manual-evidence";
            url?: "" | string;
          };
        };
      };
      responses: {
        /** @description The registers, the new one among them */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              sources: {
                id: number;
                jurisdiction: string;
                body: string;
                /** @enum {string} */
                kind: "published-list" | "manual-evidence";
                url: string | null;
                snapshots: {
                  id: number;
                  sourceId: number;
                  /** @example 2026-01-15 */
                  publishedOn: string;
                  fileName: string;
                  fileSha256: string;
                  rowCount: number;
                  /**
                   * Format: date-time
                   * @example 2026-11-27T09:30:00.000Z
                   */
                  importedAt: string;
                }[];
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/register/sources/{id}/preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query: {
          fileName: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      /** @description The register's list as CSV (UTF-8) or an Excel workbook (.xlsx, its first sheet): Registration number, Name, Status, Valid until */
      requestBody?: {
        content: {
          "text/csv": string;
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
        };
      };
      responses: {
        /** @description What importing the file would change; nothing is written */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              snapshotId: number | null;
              /** @description SHA-256 of the file, hex: the import names the file previewed by it */
              fileSha256: string;
              rowCount: number;
              /** @example 2026-01-15 */
              previousPublishedOn: string | null;
              added: {
                registrationNumber: string;
                name: string;
                previousName?: string;
                note?: string;
              }[];
              changed: {
                registrationNumber: string;
                name: string;
                previousName?: string;
                note?: string;
              }[];
              removed: {
                registrationNumber: string;
                name: string;
                previousName?: string;
                note?: string;
              }[];
              suspended: {
                registrationNumber: string;
                name: string;
                previousName?: string;
                note?: string;
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/register/sources/{id}/snapshots": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query: {
          fileName: string;
          publishedOn: string;
          sha256: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      /** @description The register's list as CSV (UTF-8) or an Excel workbook (.xlsx, its first sheet): Registration number, Name, Status, Valid until */
      requestBody?: {
        content: {
          "text/csv": string;
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
        };
      };
      responses: {
        /** @description The snapshot imported, with what it changed */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              snapshotId: number | null;
              /** @description SHA-256 of the file, hex: the import names the file previewed by it */
              fileSha256: string;
              rowCount: number;
              /** @example 2026-01-15 */
              previousPublishedOn: string | null;
              added: {
                registrationNumber: string;
                name: string;
                previousName?: string;
                note?: string;
              }[];
              changed: {
                registrationNumber: string;
                name: string;
                previousName?: string;
                note?: string;
              }[];
              removed: {
                registrationNumber: string;
                name: string;
                previousName?: string;
                note?: string;
              }[];
              suspended: {
                registrationNumber: string;
                name: string;
                previousName?: string;
                note?: string;
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/practising-certificates": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Uploads waiting for review, oldest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              waiting: {
                id: number;
                valuerId: number;
                registrationNumber: string;
                valuerName: string;
                fileName: string;
                /** @enum {string} */
                contentType: "application/pdf" | "image/jpeg" | "image/png";
                byteSize: number;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                uploadedAt: string;
                /**
                 * @description Null while waiting for review
                 * @enum {string|null}
                 */
                decision: "accepted" | "rejected" | null;
                /** @example 2026-01-15 */
                validUntil: string | null;
                rejectionReason: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-27T09:30:00.000Z
                 */
                reviewedAt: string | null;
                companyId: number;
                companyName: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/practising-certificates/{id}/file": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The practising certificate as the firm uploaded it */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/pdf": string;
            "image/jpeg": string;
            "image/png": string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/practising-certificates/{id}/review": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json":
            | {
                /** @enum {string} */
                decision: "accepted";
                /** Format: date */
                validUntil: string;
              }
            | {
                /** @enum {string} */
                decision: "rejected";
                reason: string;
              };
        };
      };
      responses: {
        /** @description The review is recorded and the firm's owner emailed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The health checks and what needs a person */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              health: {
                ok: boolean;
                /** Format: date-time */
                checkedAt: string;
                database: {
                  ok: boolean;
                  /**
                   * @description What was found, in words
                   * @example Last run 12 minutes ago
                   */
                  detail: string;
                  latencyMs: number | null;
                };
                signingKey: {
                  ok: boolean;
                  /**
                   * @description What was found, in words
                   * @example Last run 12 minutes ago
                   */
                  detail: string;
                };
                hourlyJobs: {
                  ok: boolean;
                  /**
                   * @description What was found, in words
                   * @example Last run 12 minutes ago
                   */
                  detail: string;
                  /** Format: date-time */
                  lastRunAt: string | null;
                };
                checkpoint: {
                  ok: boolean;
                  /**
                   * @description What was found, in words
                   * @example Last run 12 minutes ago
                   */
                  detail: string;
                  lastSignedAt: string | null;
                };
                webhookQueue: {
                  ok: boolean;
                  /**
                   * @description What was found, in words
                   * @example Last run 12 minutes ago
                   */
                  detail: string;
                  stuckDeliveries: number;
                };
                webhookFailures: {
                  ok: boolean;
                  /**
                   * @description What was found, in words
                   * @example Last run 12 minutes ago
                   */
                  detail: string;
                  attempts: number;
                  failed: number;
                };
              };
              /** @description Purchases pending over 10 minutes */
              pendingPayments: number;
              /** @description Lender notices not emailed after 10 minutes */
              unsentNotices: number;
              /** @description Webhook endpoints failing, not disabled */
              failingEndpoints: number;
              failedRuns: {
                /** @enum {string} */
                job: "hourly" | "payments" | "alerts";
                /** Format: date-time */
                startedAt: string;
                failures: {
                  task: string;
                  error: string;
                }[];
              }[];
              /** @description Emails the queue gave up on after every retry in the last day (at most 20, newest first) */
              undeliveredEmails: {
                kind: string;
                recipient: string;
                error: string;
                /** Format: date-time */
                failedAt: string;
              }[];
              /** @description When the administrators were last emailed about each kind of problem */
              lastAlerts: {
                /** @enum {string} */
                kind:
                  | "webhook-failures"
                  | "webhook-queue"
                  | "payments-pending"
                  | "hourly-jobs"
                  | "checkpoint"
                  | "signing-key"
                  | "emails-undelivered";
                /** Format: date-time */
                sentAt: string;
                detail: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/data-requests": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Open requests soonest due first, then answered ones newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              requesterName: string;
              requesterContact: string;
              /** @enum {string} */
              requesterRole: "valuer" | "scanner" | "other";
              /** @enum {string} */
              kind: "access" | "rectification" | "erasure" | "restriction" | "portability" | "objection";
              request: string;
              /** Format: date */
              receivedOn: string;
              /** Format: date */
              dueOn: string;
              /** @enum {string} */
              status: "open" | "done" | "refused";
              /** @description Still open after its due day */
              overdue: boolean;
              actionsTaken: string | null;
              answer: string | null;
              /** Format: date */
              answeredOn: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
          };
        };
      };
    };
    put?: never;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            requesterName: string;
            requesterContact: string;
            /** @enum {string} */
            requesterRole: "valuer" | "scanner" | "other";
            /** @enum {string} */
            kind: "access" | "rectification" | "erasure" | "restriction" | "portability" | "objection";
            request: string;
            receivedOn: string;
          };
        };
      };
      responses: {
        /** @description The request, with its due day by the law's days */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              requesterName: string;
              requesterContact: string;
              /** @enum {string} */
              requesterRole: "valuer" | "scanner" | "other";
              /** @enum {string} */
              kind: "access" | "rectification" | "erasure" | "restriction" | "portability" | "objection";
              request: string;
              /** Format: date */
              receivedOn: string;
              /** Format: date */
              dueOn: string;
              /** @enum {string} */
              status: "open" | "done" | "refused";
              /** @description Still open after its due day */
              overdue: boolean;
              actionsTaken: string | null;
              answer: string | null;
              /** Format: date */
              answeredOn: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/data-requests/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @enum {string} */
            status: "open" | "done" | "refused";
            actionsTaken?: string;
            answer?: string;
            answeredOn?: string;
          };
        };
      };
      responses: {
        /** @description The request as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: number;
              requesterName: string;
              requesterContact: string;
              /** @enum {string} */
              requesterRole: "valuer" | "scanner" | "other";
              /** @enum {string} */
              kind: "access" | "rectification" | "erasure" | "restriction" | "portability" | "objection";
              request: string;
              /** Format: date */
              receivedOn: string;
              /** Format: date */
              dueOn: string;
              /** @enum {string} */
              status: "open" | "done" | "refused";
              /** @description Still open after its due day */
              overdue: boolean;
              actionsTaken: string | null;
              answer: string | null;
              /** Format: date */
              answeredOn: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  "/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every check holds */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              ok: true;
              /** Format: date-time */
              checkedAt: string;
              database: {
                ok: boolean;
                /**
                 * @description What was found, in words
                 * @example Last run 12 minutes ago
                 */
                detail: string;
                latencyMs: number | null;
              };
              signingKey: {
                ok: boolean;
                /**
                 * @description What was found, in words
                 * @example Last run 12 minutes ago
                 */
                detail: string;
              };
              hourlyJobs: {
                ok: boolean;
                /**
                 * @description What was found, in words
                 * @example Last run 12 minutes ago
                 */
                detail: string;
                /** Format: date-time */
                lastRunAt: string | null;
              };
              checkpoint: {
                ok: boolean;
                /**
                 * @description What was found, in words
                 * @example Last run 12 minutes ago
                 */
                detail: string;
                lastSignedAt: string | null;
              };
              webhookQueue: {
                ok: boolean;
                /**
                 * @description What was found, in words
                 * @example Last run 12 minutes ago
                 */
                detail: string;
                stuckDeliveries: number;
              };
              webhookFailures: {
                ok: boolean;
                /**
                 * @description What was found, in words
                 * @example Last run 12 minutes ago
                 */
                detail: string;
                attempts: number;
                failed: number;
              };
            };
          };
        };
        /** @description A check does not hold: one line per check, each saying what was found */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description Where events are POSTed, signed the Standard Webhooks way */
    WebhookEndpoint: {
      /**
       * @description The endpoint's id
       * @example ep_8fJ2kLmQ4pRt6VwX9yZa1bC3
       */
      id: string;
      /** @example https://hooks.example.com/valuseal */
      url: string;
      description: string;
      eventTypes: (
        | "code.issued"
        | "code.scanned"
        | "code.revoked"
        | "code.superseded"
        | "code.reinstated"
        | "code.expired"
        | "seal.check_mismatch"
        | "reliance.duplicate"
        | "issuer.suspended"
        | "valuer.deregistered"
      )[];
      enabled: boolean;
      /**
       * @description owner: turned off by the company; failing: turned off after a day of failed deliveries
       * @enum {string|null}
       */
      disabledReason: "owner" | "failing" | null;
      /**
       * Format: date-time
       * @description The first failed attempt since the last delivery
       * @example 2026-11-27T09:30:00.000Z
       */
      failingSince: string | null;
      /**
       * Format: date-time
       * @description After a rotation: until then each delivery also carries a signature by the replaced secret; null when only the current secret signs
       * @example 2026-11-27T09:30:00.000Z
       */
      previousSecretExpiresAt: string | null;
      /**
       * Format: date-time
       * @example 2026-11-27T09:30:00.000Z
       */
      createdAt: string;
    };
    WebhookEndpointCreated: {
      /**
       * @description The endpoint's id
       * @example ep_8fJ2kLmQ4pRt6VwX9yZa1bC3
       */
      id: string;
      /** @example https://hooks.example.com/valuseal */
      url: string;
      description: string;
      eventTypes: (
        | "code.issued"
        | "code.scanned"
        | "code.revoked"
        | "code.superseded"
        | "code.reinstated"
        | "code.expired"
        | "seal.check_mismatch"
        | "reliance.duplicate"
        | "issuer.suspended"
        | "valuer.deregistered"
      )[];
      enabled: boolean;
      /**
       * @description owner: turned off by the company; failing: turned off after a day of failed deliveries
       * @enum {string|null}
       */
      disabledReason: "owner" | "failing" | null;
      /**
       * Format: date-time
       * @description The first failed attempt since the last delivery
       * @example 2026-11-27T09:30:00.000Z
       */
      failingSince: string | null;
      /**
       * Format: date-time
       * @description After a rotation: until then each delivery also carries a signature by the replaced secret; null when only the current secret signs
       * @example 2026-11-27T09:30:00.000Z
       */
      previousSecretExpiresAt: string | null;
      /**
       * Format: date-time
       * @example 2026-11-27T09:30:00.000Z
       */
      createdAt: string;
      /**
       * @description The signing secret, shown this once: verify deliveries with it (Standard Webhooks libraries)
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret: string;
    };
    /** @description The endpoint's delivery log, newest first */
    WebhookAttemptPage: {
      items: components["schemas"]["WebhookAttempt"][];
      page: number;
      pageSize: number;
      total: number;
    };
    /** @description One attempt to deliver an event to the endpoint */
    WebhookAttempt: {
      /**
       * @description The event's id, sent as webhook-id
       * @example msg_2b7Xk9LmQp4Rt
       */
      eventId: string;
      /** @enum {string} */
      eventType:
        | "code.issued"
        | "code.scanned"
        | "code.revoked"
        | "code.superseded"
        | "code.reinstated"
        | "code.expired"
        | "seal.check_mismatch"
        | "reliance.duplicate"
        | "issuer.suspended"
        | "valuer.deregistered"
        | "webhook.test";
      /** @description 1 for the first try; resends continue the count */
      attempt: number;
      /** @enum {string} */
      trigger: "automatic" | "resend";
      /**
       * Format: date-time
       * @example 2026-11-27T09:30:00.000Z
       */
      attemptedAt: string;
      /** @description The receiver's HTTP status; null when none answered */
      statusCode: number | null;
      responseMs: number | null;
      /**
       * @description null when the receiver answered 2xx
       * @enum {string|null}
       */
      failure: "receiver-error" | "no-answer" | "address-not-allowed" | null;
      /**
       * @description How the delivery stands now
       * @enum {string}
       */
      deliveryOutcome: "delivered" | "pending" | "failed";
      /** @description The JSON body that was POSTed */
      requestBody: string;
      /** @description The start of the receiver's answer (2 KB at most); null when none came */
      responseBody: string | null;
    };
    WebhookTestEvent: {
      message: string;
      /** @description The test event's id: its attempt appears in the delivery log under it */
      eventId: string;
    };
    WebhookSecretRotation: {
      /**
       * @description 0 stops the old secret at once (it leaked); 24 signs with both for a day, so the receiver can switch without losing events
       * @default 24
       */
      previousSecretHours: 0 | 24;
    };
    /** @description Every error has this shape, whatever the status */
    Error: {
      /**
       * @description What went wrong, for programs: stable across releases
       * @enum {string}
       */
      code:
        | "invalid_request"
        | "unauthorized"
        | "forbidden"
        | "not_found"
        | "method_not_allowed"
        | "conflict"
        | "payment_required"
        | "reference_taken"
        | "idempotency_key_in_use"
        | "idempotency_key_reused"
        | "payload_too_large"
        | "unsupported_media_type"
        | "unprocessable"
        | "rate_limited"
        | "internal_error"
        | "unavailable";
      /** @example Validation failed */
      message: string;
      /**
       * @description One line per invalid field
       * @example [
       *       "marketValue: Market value is required"
       *     ]
       */
      errors?: string[];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
