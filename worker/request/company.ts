import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

/**
 * The signed-in user's company id: every company route filters by it, so a row of another company
 * is never read, changed or deleted. Routes put requireCompanyUser first; this only narrows the type.
 */
export function currentCompanyId(c: Context<AppEnv>): number {
  const company = c.var.user.company;
  if (!company) throw new ApiError(403, "Your account is not linked to a company");
  return company.id;
}
