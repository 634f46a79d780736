/**
 * Every table, by domain (schema/tables/<domain>.ts): the one list drizzle-kit reads to write
 * migrations and the Worker's database handle types itself by. Import tables from here.
 */
export * from "./tables/organisations";
export * from "./tables/accounts";
export * from "./tables/companies";
export * from "./tables/codes";
export * from "./tables/records";
export * from "./tables/scans";
export * from "./tables/integration";
export * from "./tables/lenders";
export * from "./tables/billing";
export * from "./tables/register";
export * from "./tables/operations";
export * from "./tables/privacy";
