/**
 * The API's answers, defined once for the Worker that sends them and the web app that reads them.
 * Each type is the server's side (timestamps as Date, numeric columns as decimal strings); the web
 * reads an answer as Json<X>, which turns every Date into the ISO string that arrives.
 */
export type * from "./admin";
export type * from "./analytics";
export type * from "./api-keys";
export type * from "./auth";
export type * from "./certificate";
export type * from "./code-status";
export type * from "./companies";
export type * from "./demo";
export type * from "./json";
export type * from "./locations";
export type * from "./message";
export type * from "./page";
export type * from "./qr-codes";
export type * from "./scans";
export type * from "./seals";
export type * from "./security";
export type * from "./team";
export type * from "./valuers";
