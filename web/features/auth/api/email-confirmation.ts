import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfirmedEmail, Json, MessageResponse } from "../../../../schema/responses";
import type { ConfirmEmailInput } from "../../../../schema/validation/auth";
import { apiRequest, ApiRequestError } from "../../../lib/api-client";
import { currentUserKey } from "../../../lib/session";

/**
 * POST /api/auth/confirm-email: spends the emailed token (it works once). The signed-in user, if
 * any, is read again: their email or its confirmed state may be what just changed.
 */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmEmailInput) =>
      apiRequest<Json<ConfirmedEmail>>("/api/auth/confirm-email", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
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
    mutationFn: () => apiRequest<MessageResponse>("/api/auth/resend-confirmation", { method: "POST" }),
    onError: (error) => {
      if (isAlreadyConfirmed(error)) void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
