/**
 * The API's answers, as zod schemas, defined once: the Worker's route definitions declare them
 * (worker/routes/contract.ts), the web app's typed client is generated from those definitions, and
 * the API tests parse every answer with them. Each type is the answer as it arrives (timestamps as
 * ISO text, numeric columns as decimal text). The Worker builds answers from its own rows (Date
 * objects, which c.json writes as text), and each route's definition checks them against its schema.
 */
export * from "./admin";
export * from "./analytics";
export * from "./api-keys";
export * from "./auth";
export * from "./certificate";
export * from "./code-status";
export * from "./companies";
export * from "./demo";
export * from "./fields";
export * from "./locations";
export * from "./message";
export * from "./page";
export * from "./qr-codes";
export * from "./scans";
export * from "./seals";
export * from "./security";
export * from "./team";
export * from "./valuers";
export * from "./signing-keys";
export * from "./webauthn";
export * from "./reliances";
export * from "./billing";
export * from "./register";
export * from "./health";
export * from "./privacy";
