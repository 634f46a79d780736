import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfirmEmailInput } from "#schema/validation/auth.ts";
import { answerOf, api, ApiRequestError } from "#web/lib/api-client.ts";
import { currentUserKey } from "#web/lib/session.ts";

/**
 * POST /api/auth/confirm-email: spends the emailed token (it works once). What it confirmed can
 * show on many screens (the signed-in user and whether their email is confirmed, a pending change
 * in Profile Settings, the company's email), so every cached answer is read again: the ones on
 * screen now (the current user among them), the others when they are next shown. Public
 * certificates are left alone: reading one again would count as another scan.
 */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmEmailInput) => answerOf(api.POST("/auth/confirm-email", { body: input })),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => !String(query.queryKey[0]).startsWith("/api/public/") }),
  });
}

export const isAlreadyConfirmed = (error: unknown) => error instanceof ApiRequestError && error.status === 409;

/**
 * POST /api/auth/resend-confirmation: a new link to the signed-in user's address (202). A 409
 * means the address is already confirmed, so the user is read again and the reminder goes away.
 */
export function useResendConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(api.POST("/auth/resend-confirmation")),
    onError: (error) => {
      if (isAlreadyConfirmed(error)) void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
