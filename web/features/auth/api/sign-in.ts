import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
import type { LoginInput, RegisterInput } from "#schema/validation/auth.ts";
import type { SecondFactorSignInInput } from "#schema/validation/security.ts";
import { answerOf, api, type RequestBody } from "#web/lib/api-client.ts";
import { useSignedInMutation, useStartSession } from "#web/lib/session-changes.ts";

/**
 * POST /api/login: signs in and seeds the session, or, for an account with two-step sign-in,
 * answers the challenge the code step needs (no session yet).
 */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (input: LoginInput) => answerOf(api.POST("/login", { body: input })),
    onSuccess: (answer) => {
      if ("token" in answer) startSession(answer);
    },
  });
}

/** POST /api/login/second-factor: the code from the app (or a recovery code) finishes signing in. */
export const useSecondFactorSignIn = () =>
  useSignedInMutation((input: SecondFactorSignInInput) => answerOf(api.POST("/login/second-factor", { body: input })));

/**
 * A passkey answers the challenge: the server's options, the browser's own passkey dialog, then
 * POST /api/login/second-factor/passkey starts the session.
 */
export function usePasskeySignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (challenge: string) => {
      // WebAuthn's own options, passed on to the browser as the standard defines them.
      const optionsJSON = (await answerOf(
        api.POST("/login/second-factor/passkey-options", { body: { challenge } }),
      )) as unknown as PublicKeyCredentialRequestOptionsJSON;
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const response = await startAuthentication({ optionsJSON });
      // The browser's WebAuthn answer, as the standard defines it, is what the route's schema reads.
      const body = { challenge, response } as RequestBody<"/login/second-factor/passkey", "post">;
      return answerOf(api.POST("/login/second-factor/passkey", { body }));
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
    // The form's unchosen kind of lender is "", which the route's schema reads as none.
    mutationFn: (input: RegisterInput) =>
      answerOf(api.POST("/register", { body: input as RequestBody<"/register", "post"> })),
  });
