import type { ReactNode } from "react";

/** What a page opened from an emailed link says when the link has no token at all. */
export const INCOMPLETE_LINK = "This link is incomplete. Open the link from the email again, or ask for a new one.";

/** The token an emailed link carries in its query (?token=…); "" when there is none. */
export const linkToken = (params: URLSearchParams) => params.get("token")?.trim() ?? "";

/** Why an emailed link did not work, in the server's words when it gave any. */
export function LinkProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {children}
    </p>
  );
}
