import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CurrentCompany,
  Json,
  MessageResponse,
  PasskeyRegistered,
  RecoveryCodes,
  SecurityOverview,
  TotpEnrolment,
} from "../../../../schema/responses";
import type {
  AddPasskeyInput,
  CurrentPasswordInput,
  DisableSecondFactorInput,
  SecondFactorCodeInput,
  TeamSecurityInput,
} from "../../../../schema/validation/security";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { apiRequest } from "../../../lib/api-client";
import { currentUserKey } from "../../../lib/session";
import { currentCompanyKey } from "./current-company";

const securityKey = ["/api/profile/security"] as const;

export const useSecurityOverview = () =>
  useQuery(
    queryOptions({
      queryKey: securityKey,
      queryFn: () => apiRequest<Json<SecurityOverview>>("/api/profile/security"),
    }),
  );

/** After a change to two-step sign-in: the overview and the session's own view of it are stale. */
function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: securityKey });
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  };
}

/** POST /api/profile/security/totp: the password, then the secret and QR code for the app. */
export const useStartTotp = () =>
  useMutation({
    mutationFn: (input: CurrentPasswordInput) =>
      apiRequest<TotpEnrolment>("/api/profile/security/totp", { method: "POST", body: input }),
  });

/** POST /api/profile/security/totp/confirm: a code from the app turns it on; the recovery codes, once. */
export function useConfirmTotp() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (input: SecondFactorCodeInput) =>
      apiRequest<RecoveryCodes>("/api/profile/security/totp/confirm", { method: "POST", body: input }),
    onSuccess: refresh,
  });
}

export function useDisableTotp() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (input: DisableSecondFactorInput) =>
      apiRequest<MessageResponse>("/api/profile/security/totp", { method: "DELETE", body: input }),
    onSuccess: refresh,
  });
}

export function useNewRecoveryCodes() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (input: SecondFactorCodeInput) =>
      apiRequest<RecoveryCodes>("/api/profile/security/recovery-codes", { method: "POST", body: input }),
    onSuccess: refresh,
  });
}

/**
 * Adds a passkey: the password gets the options, the browser makes the key (its own dialog), the
 * server checks and keeps the public key. The answer carries recovery codes when it is the first
 * second factor.
 */
export function useAddPasskey() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: async ({ name, currentPassword }: AddPasskeyInput) => {
      const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
        "/api/profile/security/passkeys/options",
        { method: "POST", body: { currentPassword } },
      );
      const { startRegistration } = await import("@simplewebauthn/browser");
      const response = await startRegistration({ optionsJSON });
      return apiRequest<Json<PasskeyRegistered>>("/api/profile/security/passkeys", {
        method: "POST",
        body: { name, response },
      });
    },
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<MessageResponse>(`/api/profile/security/passkeys/${id}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

/** Signs out one other session (by its handle), or every session but this one. */
export function useEndSessions() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (which: { handle: string } | "others") =>
      which === "others"
        ? apiRequest<MessageResponse>("/api/profile/security/sessions/sign-out-others", { method: "POST" })
        : apiRequest<MessageResponse>(`/api/profile/security/sessions/${which.handle}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

/** PUT /api/companies/current/security: the owner's rule for the whole team. */
export function useTeamSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamSecurityInput) =>
      apiRequest<Json<CurrentCompany>>("/api/companies/current/security", { method: "PUT", body: input }),
    onSuccess: (company) => {
      queryClient.setQueryData(currentCompanyKey, company);
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
