import { Link, useParams } from "react-router";
import type { InviteDetails } from "#schema/responses/index.ts";
import { PublicCardPage } from "#web/components/layout/public-page.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { InlineLoading } from "#web/components/ui/spinner.tsx";
import { ApiRequestError, serverMessageOf } from "#web/lib/api-client.ts";
import { BRAND } from "#web/lib/brand.ts";
import { displayName } from "#web/lib/display-name.ts";
import { useSession } from "#web/lib/session.ts";
import { useInvite } from "../api/get-invite";
import { AcceptInviteForm } from "./accept-invite-form";

const linkClass = "inline-flex h-10 items-center text-sm font-medium text-brand-700 hover:underline";

function InviteUnavailable({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const isDead = error instanceof ApiRequestError && error.status === 404;
  return (
    <PublicCardPage title={isDead ? "Invite link not valid" : "Could not open the invite"}>
      <p className="text-slate-700">
        {isDead
          ? "This invite link is invalid, has expired or has already been used. Ask your company owner to send you a new one."
          : (serverMessageOf(error) ?? "Check your connection and try again.")}
      </p>
      <div className="flex flex-wrap gap-3">
        {!isDead && <Button onClick={onRetry}>Try again</Button>}
        <Link to="/" className={linkClass}>
          Go to the home page
        </Link>
      </div>
    </PublicCardPage>
  );
}

/**
 * The invited address already has an account. An account belongs to one company, so the server
 * refuses to accept: say so instead of offering a form that can only fail.
 */
function AlreadyHasAccount({ invite }: { invite: InviteDetails }) {
  return (
    <PublicCardPage title={`Join ${invite.companyName}`}>
      <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        {invite.email} already has a {BRAND.name} account. An account belongs to one company, so it can't join{" "}
        {invite.companyName} with this invitation.
      </p>
      <p className="text-sm text-slate-700">
        Sign in to use your existing account, or ask {invite.companyName} to invite another address.
      </p>
      {/* A full navigation: /api/login opens the sign-in dialog on the home page. */}
      <a href="/api/login" className={linkClass}>
        Sign in
      </a>
    </PublicCardPage>
  );
}

/** Shown to someone already signed in on this browser: joining switches this browser to the new account. */
function SignedInNotice() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      You are signed in as {displayName(user)} ({user.email}). Joining signs this browser into the new account instead.
    </p>
  );
}

/** /invite/:token (public): a person invited by a company owner joins the company as a member. */
export function AcceptInvitePage() {
  const { token = "" } = useParams();
  const invite = useInvite(token);
  if (invite.isPending) {
    return (
      <PublicCardPage title="Team invitation">
        <InlineLoading label="Opening your invitation..." />
      </PublicCardPage>
    );
  }
  if (invite.isError) return <InviteUnavailable error={invite.error} onRetry={() => invite.refetch()} />;
  if (invite.data.hasAccount) return <AlreadyHasAccount invite={invite.data} />;
  return (
    <PublicCardPage title={`Join ${invite.data.companyName}`}>
      <p className="text-slate-700">
        You have been invited to join <strong>{invite.data.companyName}</strong> on {BRAND.name} as a team member. Set
        your name and a password to create your account.
      </p>
      <SignedInNotice />
      <AcceptInviteForm token={token} invite={invite.data} />
    </PublicCardPage>
  );
}
