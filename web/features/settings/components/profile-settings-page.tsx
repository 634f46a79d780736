import { useSession } from "#web/lib/session.ts";
import { ChangePasswordForm } from "./change-password-form";
import { ProfileNameForm } from "./profile-name-form";
import { ScanAlertOptInSection } from "./scan-alert-opt-in-section";
import { SecuritySection } from "./security-section";
import { SignInEmailSection } from "./sign-in-email-section";
import { PageTitle } from "#web/components/ui/page-title.tsx";
import { YourDataSection } from "./your-data-section";
import { DeleteAccountSection } from "./delete-account-section";

/** /settings/profile (user menu → Profile Settings): every user's own name, email, password and alert choice. */
export function ProfileSettingsPage() {
  const { user, isOwner } = useSession();
  // The protected layout only renders pages for a signed-in user.
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <PageTitle>Profile Settings</PageTitle>
        <p className="mt-1 text-sm text-slate-600">
          Manage your name, sign-in email, password, two-step sign-in and scan alert emails, download your data, or
          delete your account.
        </p>
      </div>
      <ProfileNameForm user={user} />
      <SignInEmailSection />
      <ChangePasswordForm />
      <SecuritySection />
      {user.company && <ScanAlertOptInSection user={user} isOwner={isOwner} />}
      <YourDataSection />
      <DeleteAccountSection user={user} isOwner={isOwner} />
    </div>
  );
}
