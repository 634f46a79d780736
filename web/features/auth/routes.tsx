// The public pages opened from emailed links: one lazy chunk, outside the landing page's first download.
export { ConfirmEmailPage } from "./components/confirm-email-page";
export { ResetPasswordPage } from "./components/reset-password-page";
