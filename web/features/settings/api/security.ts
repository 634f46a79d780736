import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AddPasskeyInput,
  CurrentPasswordInput,
  DisableSecondFactorInput,
  SecondFactorCodeInput,
  TeamSecurityInput,
} from "../../../../schema/validation/security";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { answerOf, api, type RequestBody } from "../../../lib/api-client";
import { currentUserKey } from "../../../lib/session";
import { currentCompanyKey } from "./current-company";

const securityKey = ["/api/profile/security"] as const;

export const useSecurityOverview = () =>
  useQuery(
    queryOptions({
      queryKey: securityKey,
      queryFn: () => answerOf(api.GET("/profile/security")),
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
    mutationFn: (input: CurrentPasswordInput) => answerOf(api.POST("/profile/security/totp", { body: input })),
  });

/** POST /api/profile/security/totp/confirm: a code from the app turns it on; the recovery codes, once. */
export function useConfirmTotp() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (input: SecondFactorCodeInput) => answerOf(api.POST("/profile/security/totp/confirm", { body: input })),
    onSuccess: refresh,
  });
}

export function useDisableTotp() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (input: DisableSecondFactorInput) => answerOf(api.DELETE("/profile/security/totp", { body: input })),
    onSuccess: refresh,
  });
}

export function useNewRecoveryCodes() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (input: SecondFactorCodeInput) =>
      answerOf(api.POST("/profile/security/recovery-codes", { body: input })),
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
      // WebAuthn's own options, passed on to the browser as the standard defines them.
      const optionsJSON = (await answerOf(
        api.POST("/profile/security/passkeys/options", { body: { currentPassword } }),
      )) as unknown as PublicKeyCredentialCreationOptionsJSON;
      const { startRegistration } = await import("@simplewebauthn/browser");
      const response = await startRegistration({ optionsJSON });
      // The browser's WebAuthn answer, as the standard defines it, is what the route's schema reads.
      const body = { name, response } as RequestBody<"/profile/security/passkeys", "post">;
      return answerOf(api.POST("/profile/security/passkeys", { body }));
    },
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE("/profile/security/passkeys/{id}", { params: { path: { id: String(id) } } })),
    onSuccess: refresh,
  });
}

/** Signs out one other session (by its handle), or every session but this one. */
export function useEndSessions() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (which: { handle: string } | "others") =>
      which === "others"
        ? answerOf(api.POST("/profile/security/sessions/sign-out-others"))
        : answerOf(api.DELETE("/profile/security/sessions/{id}", { params: { path: { id: which.handle } } })),
    onSuccess: refresh,
  });
}

/** PUT /api/companies/current/security: the owner's rule for the whole team. */
export function useTeamSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamSecurityInput) => answerOf(api.PUT("/companies/current/security", { body: input })),
    onSuccess: (company) => {
      queryClient.setQueryData(currentCompanyKey, company);
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
