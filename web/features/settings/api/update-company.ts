import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentCompany, Json, PublicUser } from "../../../../schema/responses";
import type { CompanyDetailsInput } from "../../../../schema/validation/companies";
import { apiRequest } from "../../../lib/api-client";
import { currentUserKey } from "../../../lib/session";
import { currentCompanyKey } from "./current-company";

/**
 * PUT /api/companies/current (owner only). The answer replaces the cached company, and the
 * session's copy of the company name is updated so the top bar shows the new name at once.
 */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyDetailsInput) =>
      apiRequest<Json<CurrentCompany>>("/api/companies/current", { method: "PUT", body: input }),
    onSuccess: (company) => {
      queryClient.setQueryData(currentCompanyKey, company);
      queryClient.setQueryData<Json<PublicUser> | null>(currentUserKey, (user) =>
        user?.company ? { ...user, company: { ...user.company, name: company.name } } : user,
      );
    },
  });
}
