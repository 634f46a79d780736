import type { UseQueryResult } from "@tanstack/react-query";
import type { Valuer } from "#schema/responses/index.ts";

/**
 * The company's valuers as the create form reads them: the list (once loaded), whether loading
 * failed, and a way to try again. The page that composes the form supplies it, so this feature
 * never reaches into the valuers feature.
 */
export type SigningValuers = Pick<UseQueryResult<Valuer[]>, "data" | "isSuccess" | "isError" | "refetch">;
