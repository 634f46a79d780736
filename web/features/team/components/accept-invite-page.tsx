import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { PublicFooter, PublicTopBar } from "../../../components/layout/public-top-bar";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageLoading } from "../../../components/ui/spinner";
import { ApiRequestError, serverMessageOf } from "../../../lib/api-client";
import { BRAND } from "../../../lib/brand";
import { displayName } from "../../../lib/display-name";
import { useSession } from "../../../lib/session";
import { useInvite } from "../api/get-invite";
import { AcceptInviteForm } from "./accept-invite-form";

const homeLinkClass = "rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100";

function InviteCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto w-full max-w-lg p-6 sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">{title}</h1>
      <div className="mt-4 space-y-4">{children}</div>
    </Card>
  );
}

function InviteUnavailable({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const isDead = error instanceof ApiRequestError && error.status === 404;
  return (
    <InviteCard title={isDead ? "Invite link not valid" : "Could not open the invite"}>
      <p className="text-slate-700">
        {isDead
          ? "This invite link is invalid, has expired or has already been used. Ask your company owner to send you a new one."
          : (serverMessageOf(error) ?? "Check your connection and try again.")}
      </p>
      <div className="flex flex-wrap gap-3">
        {!isDead && <Button onClick={onRetry}>Try again</Button>}
        <Link to="/" className="inline-flex h-10 items-center text-sm font-medium text-blue-700 hover:underline">
          Go to the home page
        </Link>
      </div>
    </InviteCard>
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
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <PublicTopBar
        action={
          <Link to="/" className={`ml-2 ${homeLinkClass}`}>
            Back to Home
          </Link>
        }
      />
      <main className="flex-1 px-4 py-10">
        {invite.isPending ? (
          <PageLoading />
        ) : invite.isError ? (
          <InviteUnavailable error={invite.error} onRetry={() => invite.refetch()} />
        ) : (
          <InviteCard title={`Join ${invite.data.companyName}`}>
            <p className="text-slate-700">
              You have been invited to join <strong>{invite.data.companyName}</strong> on {BRAND.name} as a team member.
              Set your name and a password to create your account.
            </p>
            <SignedInNotice />
            <AcceptInviteForm token={token} invite={invite.data} />
          </InviteCard>
        )}
      </main>
      <PublicFooter />
    </div>
  );
}
