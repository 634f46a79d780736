import { z } from "zod";
import { LIMITS } from "../limits";
import { newPasswordField, requiredText } from "./common";

export const profileSchema = z.object({
  firstName: requiredText(LIMITS.firstName, "First name is required"),
  lastName: requiredText(LIMITS.lastName, "Last name is required"),
});
export type ProfileInput = z.input<typeof profileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Current password is required" })
      .min(1, "Current password is required")
      .max(LIMITS.password),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
