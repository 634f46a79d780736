import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AddPasskeyInput,
  EnrolFactorInput,
  DisableSecondFactorInput,
  RemoveFactorInput,
  SecondFactorCodeInput,
  TeamSecurityInput,
} from "#schema/validation/security.ts";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { answerOf, api, type RequestBody } from "#web/lib/api-client.ts";
import { currentUserKey } from "#web/lib/session.ts";
import { currentCompanyKey } from "#web/lib/current-company.ts";

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

/** POST /api/profile/security/totp: the password (and a current factor), then the secret and QR code for the app. */
export const useStartTotp = () =>
  useMutation({
    mutationFn: (input: EnrolFactorInput) => answerOf(api.POST("/profile/security/totp", { body: input })),
  });

/**
 * This session proves a passkey now (the browser signs a fresh challenge), so the next change to
 * the account's second factors within five minutes needs no code.
 */
export const useConfirmWithPasskey = () =>
  useMutation({
    mutationFn: async () => {
      // WebAuthn's own options, passed on to the browser as the standard defines them.
      const optionsJSON = (await answerOf(
        api.POST("/profile/security/confirm/passkey-options"),
      )) as unknown as PublicKeyCredentialRequestOptionsJSON;
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const response = await startAuthentication({ optionsJSON });
      const body = { response } as RequestBody<"/profile/security/confirm/passkey", "post">;
      return answerOf(api.POST("/profile/security/confirm/passkey", { body }));
    },
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
    mutationFn: async ({ name, currentPassword, code }: AddPasskeyInput) => {
      // WebAuthn's own options, passed on to the browser as the standard defines them.
      const optionsJSON = (await answerOf(
        api.POST("/profile/security/passkeys/options", { body: { currentPassword, code } }),
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
    mutationFn: ({ id, ...proof }: RemoveFactorInput & { id: number }) =>
      answerOf(
        api.DELETE("/profile/security/passkeys/{id}", {
          params: { path: { id: String(id) } },
          body: proof,
        }),
      ),
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
