/**
 * The ValuSeal integration API's paths and schemas, generated from its OpenAPI document by
 * `npm run api:types` (client/generate.ts). Do not edit: change the routes and generate again.
 */
export interface paths {
  "/codes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List codes
     * @description The company's codes, newest first, with the filters of the History screen.
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
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
        /** @description One page of codes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CodePage"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    /**
     * Issue a code
     * @description Issues a verification code for a report, signed by one of the firm's active valuers (GET /api/v1/valuers). Send an Idempotency-Key (a UUID) to make a retry safe: the same key and body answer the first code again, with Idempotent-Replayed: true.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          "idempotency-key"?: string;
        };
        path?: never;
        cookie?: never;
      };
      /** @description The create form's fields; dates as YYYY-MM-DD (or DD/MM/YYYY), amounts as numbers or decimal text. */
      requestBody: {
        content: {
          /**
           * @example {
           *       "propertyType": "Real Estate",
           *       "propertyAddress": "Plot 12, Riverside Drive, Nairobi",
           *       "propertyReference": "LR 209/1234",
           *       "titleNumber": "Nairobi/Block 91/234",
           *       "marketValue": "45000000",
           *       "forcedSaleValue": "34000000",
           *       "currency": "KES",
           *       "valuationDate": "2026-11-20",
           *       "inspectionDate": "2026-11-18",
           *       "valuerId": 7,
           *       "addressee": "Equity Bank Kenya",
           *       "purpose": "Secured lending",
           *       "externalReference": "JOB-2026-0142"
           *     }
           */
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
        /** @description The new code, or the first answer again for a repeated Idempotency-Key */
        201: {
          headers: {
            /** @description Present when this is the first answer to the same Idempotency-Key and body */
            "Idempotent-Replayed"?: "true";
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CodeWithImage"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The firm has no credit left to pay for the code (GET /api/v1/billing/balance) */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A code was already issued for this externalReference (Location names it), or a request with this Idempotency-Key is still being processed */
        409: {
          headers: {
            /** @description The code already issued for the reference */
            Location?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description This Idempotency-Key was already used with a different request */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/codes/batch": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue many codes
     * @description Issues up to 500 codes in one transaction, each row as POST /api/v1/codes would and each with its externalReference (required here, once per batch). A row whose reference already has a code answers that code with status existing, so a batch cut off part way is safe to send again; a row whose reference has a code with other details is refused (409 reference_taken, naming the row and the fields that differ). References are compared after Unicode NFKC folding (full-width ＪＯＢ-１ is JOB-1). If any row is not valid nothing is issued, and `errors` names each row's fields (codes.<index>.<field>, counting from 0).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "codes": [
           *         {
           *           "externalReference": "JOB-2026-0142",
           *           "propertyType": "Real Estate",
           *           "propertyAddress": "Plot 12, Riverside Drive, Nairobi",
           *           "marketValue": "45000000",
           *           "currency": "KES",
           *           "valuationDate": "2026-11-20",
           *           "valuerId": 7
           *         },
           *         {
           *           "externalReference": "JOB-2026-0143",
           *           "propertyType": "Motor Vehicle",
           *           "propertyReference": "KDA 123A",
           *           "marketValue": "2400000",
           *           "currency": "KES",
           *           "valuationDate": "2026-11-21",
           *           "valuerId": 7
           *         }
           *       ]
           *     }
           */
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
        /** @description Each row's code, created or existing */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CodeBatchResult"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description A row's reference already has a code with other details: nothing was issued */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/codes/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a code */
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
        /** @description The code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CodeWithImage"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No code of your company has the id in the path */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
  "/codes/{id}/revoke": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke a code
     * @description From the next scan on, the certificate says Revoked with the reason; name the code that replaces it in supersededBy. Allowed even for a deactivated company: withdrawing trust is never refused.
     */
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
          /**
           * @example {
           *       "reason": "Replaced after a corrected land size",
           *       "supersededBy": "Qw8Zt3Yp1Lm6Rx2N"
           *     }
           */
          "application/json": components["schemas"]["Revocation"];
        };
      };
      responses: {
        /** @description The revoked code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CodeWithImage"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No code of your company has the id in the path */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The code is already revoked */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/codes/{id}/scans": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a code's scans
     * @description The latest visits, counted scans per day over the last 30 days, and the number of unique scanners.
     */
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
        /** @description The code's scans */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CodeScans"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No code of your company has the id in the path */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
  "/valuers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the valuers who can sign
     * @description The firm's active valuers; pass one's id as valuerId when issuing a code.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The valuers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Valuer"][];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
  "/billing/balance": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the firm's code credits
     * @description Each code issued costs one credit, taken when it is issued; without one, POST /api/v1/codes answers 402 payment_required.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The balance */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Balance"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
  "/exports/codes.csv": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export codes as CSV
     * @description Every code of the company that the History filters match, newest first, with its status and scan total.
     */
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
        /** @description The codes. UTF-8 with a byte order mark, a header row (`verification_code,certificate_address,status,scans,property_type,property_address,property_reference,property_description,title_number,market_value,forced_sale_value,currency,valuation_date,inspection_date,valid_until,prepared_for,purpose,signing_valuer,created_at,revoked_at,revoked_reason`), CRLF line ends; times in ISO 8601 UTC, days as YYYY-MM-DD, amounts without thousands separators. Text is always quoted, and text that a spreadsheet would run as a formula starts with an apostrophe ('). Streamed, up to 1,000,000 rows (more answers 422: narrow the export). Ten exports a minute per company. */
        200: {
          headers: {
            "Content-Disposition": string;
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description More than 1,000,000 rows: narrow the export */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
  "/exports/scans.csv": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export scans as CSV
     * @description The company's scans (of one code with `code`), newest first, from `since` on.
     */
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
        /** @description The scans. UTF-8 with a byte order mark, a header row (`scanned_at,verification_code,property,kind,counted,country,city,device,page,copy_check`), CRLF line ends; times in ISO 8601 UTC, days as YYYY-MM-DD, amounts without thousands separators. Text is always quoted, and text that a spreadsheet would run as a formula starts with an apostrophe ('). Streamed, up to 1,000,000 rows (more answers 422: narrow the export). Ten exports a minute per company. */
        200: {
          headers: {
            "Content-Disposition": string;
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No code of your company has the id in the path */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description More than 1,000,000 rows: narrow the export */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
  "/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List webhook endpoints */
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
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    /**
     * Add a webhook endpoint
     * @description Each delivery is a POST of `{ "type", "timestamp", "data" }` signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify it with a standardwebhooks library and the endpoint's secret. `webhook-id` is the event's id, the same on every retry and resend. Event types: `code.issued`, `code.scanned`, `code.revoked`, `code.superseded`, `code.reinstated`, `code.expired`, `seal.check_mismatch`, `reliance.duplicate`, `issuer.suspended`, `valuer.deregistered`. A failed delivery is tried again for about 30 minutes (2 s doubling, capped at 15 min); an endpoint whose deliveries fail for a day is turned off and the owner emailed. The secret is in this answer only. At most 10 endpoints per company.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "url": "https://hooks.example.com/valuseal",
           *       "description": "Loan system (production)",
           *       "eventTypes": [
           *         "code.revoked",
           *         "code.superseded"
           *       ]
           *     }
           */
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
        /** @description The new endpoint and its secret */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpointCreated"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    /** Read a webhook endpoint */
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
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No endpoint of your company has the id in the path */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    /**
     * Remove a webhook endpoint
     * @description Deliveries stop at once; its delivery log goes with it.
     */
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
        /** @description Removed */
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
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No endpoint of your company has the id in the path */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    options?: never;
    head?: never;
    /**
     * Change a webhook endpoint
     * @description Change its address, description or events, or turn it off (`enabled: false`) and on again. A new address is emailed to the owner and audited; events from before it are not resent there. Turning off is allowed to a deactivated company.
     */
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
          /**
           * @example {
           *       "enabled": true
           *     }
           */
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
        /** @description The endpoint */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpoint"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No endpoint of your company has the id in the path */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    trace?: never;
  };
  "/webhooks/{id}/attempts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an endpoint's delivery log
     * @description Every attempt of the last 30 days, newest first: the event, the receiver's status and how long it took.
     */
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
        /** @description One page of the log */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookAttemptPage"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No endpoint of your company has the id in the path */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
  "/webhooks/{id}/deliveries/{eventId}/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resend a delivery
     * @description Sends the event to the endpoint again, with the same body and the same webhook-id, in one attempt. One resend of a delivery at a time.
     */
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
        /** @description Queued */
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
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No delivery of that event to that endpoint of your company */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The endpoint is turned off, a resend of this delivery is already on its way, or the event happened before the endpoint's address changed */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    /**
     * Send a test event
     * @description Sends a `webhook.test` event to this endpoint alone, signed and logged like any other: its attempt, with the receiver's status and answer, appears in the delivery log under the answered `eventId`.
     */
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
        /** @description The test event is queued */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookTestEvent"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No endpoint of your company has the id in the path */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The endpoint is turned off */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    /**
     * Rotate the signing secret
     * @description Makes a new signing secret, in this answer only. With `previousSecretHours: 24` each delivery carries a signature by the old secret as well (space-separated in `webhook-signature`) for a day, so the receiver can switch without losing events; `0` stops the old secret at once.
     */
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
          /**
           * @example {
           *       "previousSecretHours": 24
           *     }
           */
          "application/json": components["schemas"]["WebhookSecretRotation"];
        };
      };
      responses: {
        /** @description The endpoint, with its new secret shown this once */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpointCreated"];
          };
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No endpoint of your company has the id in the path */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    /**
     * Check a valuation before relying on it
     * @description The valuation named by its verification code (or its QR code's token), its status, and what the lender should know first: addressed to another institution, relied on by another institution, or another valuation of the same title within 6 months that differs by more than 15 %. None of them names the other party. Records nothing.
     */
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
        /** @description The valuation and the warnings */
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
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No valuation has this code */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The valuation no longer stands (revoked, replaced or expired: the message says which), or this reference's reliance on it is already recorded */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    get?: never;
    put?: never;
    /**
     * Record reliance on a valuation
     * @description Records that a loan relies on the valuation, and watches it for the lender. The loan reference is stored only as a keyed hash and answered masked (••••4821); the same reference on the same valuation is refused with 409. Reliance on a revoked, replaced or expired valuation is refused with the reason.
     */
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
        /** @description The reliance, and the warnings as they stood */
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
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No valuation has this code */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The valuation no longer stands (revoked, replaced or expired: the message says which), or this reference's reliance on it is already recorded */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    /**
     * The watched codes that changed
     * @description For lenders that cannot take webhooks: every code the lender watches (each reliance is a watch) whose state changed (revoked, replaced, expired, reinstated, its issuer suspended, or relied on by another institution), oldest change first, at most 500 at a time. Poll with the answer's `cursor` to get only what changed after it; `hasMore` says to ask again at once. The first time, ask without parameters for every watched code, or with `changedSince` for the changes after a moment. A change is timed when the firm's or ValuSeal's action began: one still being saved as you poll (a matter of seconds) can land just before your cursor, so a poller that must see every change also asks, now and then, with `changedSince` a few minutes back, or takes webhooks. The answer carries an `ETag`: send it as `If-None-Match` and an unchanged answer is 304 with no body.
     */
    get: {
      parameters: {
        query?: {
          changedSince?: string;
          cursor?: string;
        };
        header?: {
          "if-none-match"?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description What changed, oldest first */
        200: {
          headers: {
            /** @description Send it back as If-None-Match: 304 while nothing changed */
            ETag: string;
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
              /** @description More changed than one answer holds: ask again at once with `cursor` */
              hasMore: boolean;
              /** @description Send it back as `cursor` to get only what changed after this answer */
              cursor: string | null;
            };
          };
        };
        /** @description Nothing changed since the answer with this ETag */
        304: {
          headers: {
            /** @description Send it back as If-None-Match: 304 while nothing changed */
            ETag: string;
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is not valid: `errors` names each field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description No API key, or a key that is revoked, expired or mistyped */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The key lacks the permission this route needs, or the company is deactivated */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests for this key (300 a minute) or from this network */
        429: {
          headers: {
            /** @description Seconds to wait */
            "Retry-After": string;
            /** @description 0: the key's budget is spent */
            "RateLimit-Remaining"?: string;
            /** @description Seconds until it is renewed */
            "RateLimit-Reset"?: string;
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The service cannot take the request now; try again shortly */
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
    /** @description One page of codes, newest first */
    CodePage: {
      items: components["schemas"]["Code"][];
      page: number;
      pageSize: number;
      total: number;
    };
    /** @description A verification code and the certificate it stands for */
    Code: {
      /**
       * @description The code's token: the random part of its address
       * @example k3J9x2LmQp7Rt5Vw
       */
      id: string;
      /**
       * Format: uri
       * @description The public address the QR code encodes
       * @example https://valuseal.co.ke/v/k3J9x2LmQp7Rt5Vw
       */
      url: string;
      /**
       * @description The code people type on /verify
       * @example VS-7K3M-9Q2P-4H
       */
      verificationCode: string;
      /** @enum {string} */
      status: "valid" | "expired" | "revoked" | "superseded";
      /**
       * @description Whether ValuSeal verified the issuer identity frozen on the code (the certificate's colour)
       * @enum {string}
       */
      issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
      issuerName: string;
      issuerEmail: string;
      valuer: components["schemas"]["Signer"];
      /** @example Real Estate */
      propertyType: string;
      /** @example Plot 12, Riverside Drive, Nairobi */
      propertyAddress: string;
      propertyReference: string | null;
      propertyArea: string | null;
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
      titleNumber: string | null;
      /**
       * @description The firm's own reference (its job number), unique within the firm
       * @example JOB-2026-0142
       */
      externalReference: string | null;
      /**
       * @description A decimal number as text, exactly as stored
       * @example 12500000.00
       */
      marketValue: string;
      /**
       * @description A decimal number as text, exactly as stored
       * @example 12500000.00
       */
      forcedSaleValue: string | null;
      /** @example KES */
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
      inspectionDate: string | null;
      /**
       * Format: date-time
       * @description A calendar day, as midnight UTC
       * @example 2026-11-20T00:00:00.000Z
       */
      validUntil: string;
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
       * @example 2026-11-27T09:30:00.000Z
       */
      revokedAt: string | null;
      revokedReason: string | null;
      /** @description The id of the code that replaces this one */
      supersededBy: string | null;
      /** @description Counted scans by people */
      scanCount: number;
      /**
       * Format: date-time
       * @example 2026-11-27T09:30:00.000Z
       */
      createdAt: string;
    };
    /** @description The valuer who signed, as frozen on the certificate */
    Signer: {
      name: string;
      qualification: string | null;
    } | null;
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
    /** @description A code with its QR image */
    CodeWithImage: {
      /**
       * @description The code's token: the random part of its address
       * @example k3J9x2LmQp7Rt5Vw
       */
      id: string;
      /**
       * Format: uri
       * @description The public address the QR code encodes
       * @example https://valuseal.co.ke/v/k3J9x2LmQp7Rt5Vw
       */
      url: string;
      /**
       * @description The code people type on /verify
       * @example VS-7K3M-9Q2P-4H
       */
      verificationCode: string;
      /** @enum {string} */
      status: "valid" | "expired" | "revoked" | "superseded";
      /**
       * @description Whether ValuSeal verified the issuer identity frozen on the code (the certificate's colour)
       * @enum {string}
       */
      issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
      issuerName: string;
      issuerEmail: string;
      valuer: components["schemas"]["Signer"];
      /** @example Real Estate */
      propertyType: string;
      /** @example Plot 12, Riverside Drive, Nairobi */
      propertyAddress: string;
      propertyReference: string | null;
      propertyArea: string | null;
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
      titleNumber: string | null;
      /**
       * @description The firm's own reference (its job number), unique within the firm
       * @example JOB-2026-0142
       */
      externalReference: string | null;
      /**
       * @description A decimal number as text, exactly as stored
       * @example 12500000.00
       */
      marketValue: string;
      /**
       * @description A decimal number as text, exactly as stored
       * @example 12500000.00
       */
      forcedSaleValue: string | null;
      /** @example KES */
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
      inspectionDate: string | null;
      /**
       * Format: date-time
       * @description A calendar day, as midnight UTC
       * @example 2026-11-20T00:00:00.000Z
       */
      validUntil: string;
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
       * @example 2026-11-27T09:30:00.000Z
       */
      revokedAt: string | null;
      revokedReason: string | null;
      /** @description The id of the code that replaces this one */
      supersededBy: string | null;
      /** @description Counted scans by people */
      scanCount: number;
      /**
       * Format: date-time
       * @example 2026-11-27T09:30:00.000Z
       */
      createdAt: string;
      /** @description The QR image as SVG markup */
      qrCodeSvg: string;
    };
    /** @description One result per row, in the order sent */
    CodeBatchResult: {
      results: {
        /** @example JOB-2026-0142 */
        externalReference: string;
        /**
         * @description existing: the reference already had this code (an earlier batch, or this one sent again)
         * @enum {string}
         */
        status: "created" | "existing";
        code: components["schemas"]["CodeWithImage"];
      }[];
    };
    Revocation: {
      reason: string;
      /**
       * @description The id of another code of the firm that replaces it
       * @example Qw8Zt3Yp1Lm6Rx2N
       */
      supersededBy?: string;
    };
    CodeScans: {
      /** @description The latest visits, newest first */
      scans: components["schemas"]["Scan"][];
      daily: {
        /** @example 2026-11-27 */
        date: string;
        count: number;
      }[];
      uniqueScanners: number;
    };
    Scan: {
      /**
       * Format: date-time
       * @example 2026-11-27T09:30:00.000Z
       */
      at: string;
      /** @enum {string} */
      kind: "scan" | "preview" | "check";
      /** @description False for a link preview, and for a repeat by the same visitor */
      counted: boolean;
      /** @example KE */
      country: string | null;
      city: string | null;
      deviceClass: string | null;
      /** @description The sealed report's page whose QR was scanned */
      page: number | null;
      /** @enum {string|null} */
      checkVerdict: "exact" | "same-text" | "pages-differ" | "not-sealed-file" | null;
    };
    /** @description An active valuer of the firm who can sign certificates */
    Valuer: {
      /**
       * @description Pass it as valuerId when issuing a code
       * @example 7
       */
      id: number;
      name: string;
      qualification: string | null;
      registrationNumber: string | null;
    };
    /** @description The firm's code credits */
    Balance: {
      /**
       * @description Credits left: one pays for one code issued
       * @example 14
       */
      balance: number;
    };
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
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
