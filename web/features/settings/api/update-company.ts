import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentCompany, Json, PublicUser } from "../../../../schema/responses";
import type {
  CompanyDetailsInput,
  CompanyRegistrationInput,
  ScanAlertSettingsInput,
} from "../../../../schema/validation/companies";
import { apiRequest } from "../../../lib/api-client";
import { currentUserKey } from "../../../lib/session";
import { currentCompanyKey } from "./current-company";

/** A PUT under /api/companies/current (owner only), answered with the whole company, which replaces the cached one. */
function useCompanyUpdate<Input>(path: string, onSaved?: (company: Json<CurrentCompany>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => apiRequest<Json<CurrentCompany>>(path, { method: "PUT", body: input }),
    onSuccess: (company) => {
      queryClient.setQueryData(currentCompanyKey, company);
      onSaved?.(company);
    },
  });
}

/**
 * PUT /api/companies/current: name and contact details. The session's copy of the company name is
 * updated too, so the top bar shows the new name at once. A new email waits for confirmation.
 */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useCompanyUpdate<CompanyDetailsInput>(currentCompanyKey[0], (company) =>
    queryClient.setQueryData<Json<PublicUser> | null>(currentUserKey, (user) =>
      user?.company ? { ...user, company: { ...user.company, name: company.name } } : user,
    ),
  );
}

/** PUT /api/companies/current/registration: a changed registration is reviewed by ValuSeal again. */
export const useUpdateRegistration = () =>
  useCompanyUpdate<CompanyRegistrationInput>(`${currentCompanyKey[0]}/registration`);

/** PUT /api/companies/current/scan-alerts: per scan, daily digest or none, and the digest's time zone. */
export const useUpdateScanAlertSettings = () =>
  useCompanyUpdate<ScanAlertSettingsInput>(`${currentCompanyKey[0]}/scan-alerts`);
