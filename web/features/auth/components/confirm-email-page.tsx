import { useEffect, useRef, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { PublicCardPage } from "#web/components/layout/public-page.tsx";
import { Button, buttonClasses } from "#web/components/ui/button.tsx";
import { InlineLoading } from "#web/components/ui/spinner.tsx";
import { ApiRequestError, serverMessageOf } from "#web/lib/api-client.ts";
import { safeNextPath } from "#schema/next-path.ts";
import { useSession } from "#web/lib/session.ts";
import { useConfirmEmail } from "../api/email-confirmation";
import { useAuthDialogs } from "./auth-dialogs";
import { INCOMPLETE_LINK, LinkProblem, linkToken } from "./emailed-link";
import { ResendConfirmationButton } from "./resend-confirmation-button";

/**
 * Where to go next: the page the person was going to when they registered (`next`, kept by the
 * emailed link) or the dashboard when signed in, otherwise the sign-in dialog, which goes there after.
 */
function NextStep() {
  const { user, isLoading } = useSession();
  const { openSignIn } = useAuthDialogs();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  if (isLoading) return null;
  if (user) {
    return (
      <Link to={next ?? "/dashboard"} className={buttonClasses()}>
        {next ? "Continue" : "Go to the dashboard"}
      </Link>
    );
  }
  return <Button onClick={() => openSignIn({ next })}>Sign in</Button>;
}

/** A dead link: a signed-in user whose email is still unconfirmed can ask for a new one here. */
function LinkFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { user } = useSession();
  return (
    <>
      <LinkProblem>{message}</LinkProblem>
      <div className="flex flex-wrap items-center gap-3">
        {onRetry && <Button onClick={onRetry}>Try again</Button>}
        {user && !user.emailVerified && user.role !== "admin" && (
          <ResendConfirmationButton variant="primary" size="md" />
        )}
        <NextStep />
      </div>
    </>
  );
}

/**
 * /confirm-email?token=… (public): the link from a confirmation email. The token works once, so it
 * is sent exactly once per page visit, even when React runs the effect twice in development.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = linkToken(params);
  const confirm = useConfirmEmail();
  const sentFor = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [token, mutate]);

  let content: ReactNode;
  if (!token) {
    content = <LinkFailed message={INCOMPLETE_LINK} />;
  } else if (confirm.isSuccess) {
    content = (
      <>
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {confirm.data.message}
        </p>
        <NextStep />
      </>
    );
  } else if (confirm.isError) {
    // A 400 (dead link) or 409 (the address was taken meanwhile) stays so; a rate limit or a network failure may pass.
    const deadLink =
      confirm.error instanceof ApiRequestError && confirm.error.status < 500 && confirm.error.status !== 429;
    content = (
      <LinkFailed
        message={
          serverMessageOf(confirm.error) ?? "The link could not be checked. Check your connection and try again."
        }
        onRetry={deadLink ? undefined : () => mutate({ token })}
      />
    );
  } else {
    content = <InlineLoading label="Confirming your email..." />;
  }
  return <PublicCardPage title="Confirm your email">{content}</PublicCardPage>;
}
