import { useMutation } from "@tanstack/react-query";
import type { MessageResponse } from "../../../../schema/responses";
import type { PasswordResetInput, PasswordResetRequestInput } from "../../../../schema/validation/auth";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/password-reset: answered alike whether or not the email has an account (202). */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: PasswordResetRequestInput) =>
      apiRequest<MessageResponse>("/api/password-reset", { method: "POST", body: input }),
  });

/** POST /api/password-reset/confirm: spends the emailed token and ends every session of the account. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: PasswordResetInput) =>
      apiRequest<MessageResponse>("/api/password-reset/confirm", { method: "POST", body: input }),
  });
