import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
import type { Json, RegistrationSent, SecondFactorChallenge, SignedIn } from "../../../../schema/responses";
import type { LoginInput, RegisterInput } from "../../../../schema/validation/auth";
import type { SecondFactorSignInInput } from "../../../../schema/validation/security";
import { apiRequest } from "../../../lib/api-client";
import { useSignedInMutation, useStartSession } from "../../../lib/session-changes";

/**
 * POST /api/login: signs in and seeds the session, or, for an account with two-step sign-in,
 * answers the challenge the code step needs (no session yet).
 */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest<Json<SignedIn> | SecondFactorChallenge>("/api/login", { method: "POST", body: input }),
    onSuccess: (answer) => {
      if ("token" in answer) startSession(answer);
    },
  });
}

/** POST /api/login/second-factor: the code from the app (or a recovery code) finishes signing in. */
export const useSecondFactorSignIn = () => useSignedInMutation<SecondFactorSignInInput>("/api/login/second-factor");

/**
 * A passkey answers the challenge: the server's options, the browser's own passkey dialog, then
 * POST /api/login/second-factor/passkey starts the session.
 */
export function usePasskeySignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (challenge: string) => {
      const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
        "/api/login/second-factor/passkey-options",
        { method: "POST", body: { challenge } },
      );
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const response = await startAuthentication({ optionsJSON });
      return apiRequest<Json<SignedIn>>("/api/login/second-factor/passkey", {
        method: "POST",
        body: { challenge, response },
      });
    },
    onSuccess: startSession,
  });
}

/**
 * POST /api/register: creates the company and its owner and emails the confirmation link. It signs
 * nobody in, because it answers the same whether or not the email already had an account.
 */
export const useRegister = () =>
  useMutation({
    mutationFn: (input: RegisterInput) =>
      apiRequest<RegistrationSent>("/api/register", { method: "POST", body: input }),
  });
