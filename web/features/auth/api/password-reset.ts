import { useMutation } from "@tanstack/react-query";
import type { PasswordResetInput, PasswordResetRequestInput } from "#schema/validation/auth.ts";
import { answerOf, api } from "#web/lib/api-client.ts";

/** POST /api/password-reset: answered alike whether or not the email has an account (202). */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: PasswordResetRequestInput) => answerOf(api.POST("/password-reset", { body: input })),
  });

/** POST /api/password-reset/confirm: spends the emailed token and ends every session of the account. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: PasswordResetInput) => answerOf(api.POST("/password-reset/confirm", { body: input })),
  });
