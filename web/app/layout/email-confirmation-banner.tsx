import type { PublicUser } from "#schema/responses/index.ts";
import { ResendConfirmationButton } from "#web/features/auth/components/resend-confirmation-button.tsx";

/**
 * Shown on every workspace screen until the user has followed the link sent to their address:
 * the server refuses to issue codes before that, so the reason is said before they try.
 */
export function EmailConfirmationBanner({ user }: { user: PublicUser }) {
  if (user.emailVerified || user.role === "admin") return null;
  return (
    <div
      role="region"
      aria-label="Email confirmation"
      className="flex flex-wrap items-center justify-between gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <div className="min-w-0">
        <p className="font-semibold">Confirm your email to issue codes</p>
        <p className="[overflow-wrap:anywhere]">
          Follow the link we sent to <strong>{user.email}</strong>. No email? Check your spam folder or send a new link.
        </p>
      </div>
      <ResendConfirmationButton />
    </div>
  );
}
