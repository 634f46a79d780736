import { useMutation, useQueryClient, type Query } from "@tanstack/react-query";
import { useUnauthorizedRedirect } from "#web/components/ui/failure-toast.ts";
import { useToast } from "#web/components/ui/toast.tsx";
import { serverMessageOf } from "#web/lib/api-client.ts";

/** Every admin query is keyed by its request path under /api/admin/. */
const isAdminQuery = (query: Query) => String(query.queryKey[0]).startsWith("/api/admin/");

interface AdminMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** The success toast's title, or for bulk results the server's own message ("3 users deactivated"). */
  successTitle: string | ((result: Result) => string);
  /** The failure toast's title; the server's reason (e.g. "You cannot delete your own account") is its description. */
  failureTitle: string;
}

/**
 * One behaviour for every admin change: a toast for success and for failure, the logged-out flow on a 401, and a
 * refresh of every admin list and stat afterwards. Changes ripple (deleting a user deletes their
 * companies, each change adds an audit entry), so refreshing all of them is what stays correct.
 * The refresh is not awaited: the caller's own follow-up (closing a dialog, clearing a selection)
 * runs first, so it can never undo something the admin starts on the refreshed rows.
 */
export function useAdminMutation<Variables, Result>({
  mutationFn,
  successTitle,
  failureTitle,
}: AdminMutationOptions<Variables, Result>) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const redirectIfSignedOut = useUnauthorizedRedirect();
  return useMutation({
    mutationFn,
    onSuccess: (result) => toast({ title: typeof successTitle === "function" ? successTitle(result) : successTitle }),
    onError: (error) => {
      if (redirectIfSignedOut(error)) return;
      toast({ title: failureTitle, description: serverMessageOf(error), variant: "destructive" });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ predicate: isAdminQuery });
    },
  });
}
