import { Link } from "react-router";
import { buttonClasses } from "#web/components/ui/button.tsx";

/**
 * An administrator whose session has not proved a second factor: the server refuses every admin
 * call until then, so the screen says why and where to set it up.
 */
export function SecondFactorNeeded({ enabled }: { enabled: boolean }) {
  return (
    <div role="alert" className="mx-auto mt-12 max-w-md space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-6">
      <h1 className="text-lg font-semibold text-amber-900">Two-step sign-in needed</h1>
      <p className="text-sm text-amber-900">
        {enabled
          ? "This session was started with your password alone. Sign out and sign in again with the code from your authenticator app to open the admin screens."
          : "Administrators sign in with a password and a code from an authenticator app. Set up two-step sign-in to open the admin screens."}
      </p>
      {!enabled && (
        <Link to="/settings/profile#security" className={buttonClasses()}>
          Set Up Two-Step Sign-In
        </Link>
      )}
    </div>
  );
}
