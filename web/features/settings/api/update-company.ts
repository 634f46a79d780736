import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentCompany, PublicUser } from "#schema/responses/index.ts";
import type {
  CompanyDetailsInput,
  CompanyRegistrationInput,
  ScanAlertSettingsInput,
} from "#schema/validation/companies.ts";
import { answerOf, api, type RequestBody } from "#web/lib/api-client.ts";
import { currentUserKey } from "#web/lib/session.ts";
import { currentCompanyKey } from "#web/lib/current-company.ts";

/** A PUT under /api/companies/current (owner only), answered with the whole company, which replaces the cached one. */
function useCompanyUpdate<Input>(
  update: (input: Input) => Promise<CurrentCompany>,
  onSaved?: (company: CurrentCompany) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: update,
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
  return useCompanyUpdate(
    // The form's validity period is text, which the route's schema parses into days.
    (input: CompanyDetailsInput) =>
      answerOf(api.PUT("/companies/current", { body: input as RequestBody<"/companies/current", "put"> })),
    (company) =>
      queryClient.setQueryData<PublicUser | null>(currentUserKey, (user) =>
        user?.company ? { ...user, company: { ...user.company, name: company.name } } : user,
      ),
  );
}

/** PUT /api/companies/current/registration: a changed registration is reviewed by ValuSeal again. */
export const useUpdateRegistration = () =>
  useCompanyUpdate((input: CompanyRegistrationInput) =>
    answerOf(api.PUT("/companies/current/registration", { body: input })),
  );

/** PUT /api/companies/current/scan-alerts: per scan, daily digest or none, and the digest's time zone. */
export const useUpdateScanAlertSettings = () =>
  useCompanyUpdate((input: ScanAlertSettingsInput) =>
    answerOf(api.PUT("/companies/current/scan-alerts", { body: input })),
  );
