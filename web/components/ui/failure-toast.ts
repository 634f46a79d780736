import { useCallback, useEffect } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { REDIRECT_DELAY_MS } from "#schema/limits.ts";
import { isUnauthorizedError, serverMessageOf } from "#web/lib/api-client.ts";
import { tokenStore } from "#web/lib/device-storage.ts";
import { showServerFieldErrors } from "#web/lib/field-errors.ts";
import { useToast } from "./toast";

/** Where a signed-out user is sent: the sign-in path in general, the landing page from the valuers page. */
type UnauthorizedTarget = "/api/login" | "/";

/**
 * A user whose session has ended sees "Unauthorized: You are logged out. Logging in
 * again..." and is sent on after 500 ms. The dead token is dropped first and the page fully reloads,
 * so nothing of the old session's cache survives. Returns whether the error was handled.
 */
export function useUnauthorizedRedirect(target: UnauthorizedTarget = "/api/login") {
  const toast = useToast();
  return useCallback(
    (error: unknown): boolean => {
      if (!isUnauthorizedError(error)) return false;
      toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
      setTimeout(() => {
        tokenStore.clear();
        window.location.assign(target);
      }, REDIRECT_DELAY_MS.unauthorized);
      return true;
    },
    [toast, target],
  );
}

/**
 * The failure toast of a mutation: the logged-out flow for a 401, otherwise a destructive toast
 * titled with the screen's own failure text and described by the server's message when there is one.
 */
export function useFailureToast(target: UnauthorizedTarget = "/api/login") {
  const toast = useToast();
  const redirectIfUnauthorized = useUnauthorizedRedirect(target);
  return useCallback(
    (title: string, error: unknown) => {
      if (redirectIfUnauthorized(error)) return;
      toast({ title, description: serverMessageOf(error), variant: "destructive" });
    },
    [toast, redirectIfUnauthorized],
  );
}

/**
 * A form's failure: what the server said about a field goes on that field (focused and announced),
 * and only what belongs to no field becomes the failure toast (or the logged-out flow for a 401).
 */
export function useFormFailure<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
  target: UnauthorizedTarget = "/api/login",
) {
  const showFailure = useFailureToast(target);
  return (title: string, error: unknown) => {
    if (!showServerFieldErrors(error, setError, fields)) showFailure(title, error);
  };
}

/** The same flow for a query: when loading a screen's data answers 401, the user is sent on. */
export function useRedirectOnUnauthorizedQuery(error: unknown, target: UnauthorizedTarget = "/api/login") {
  const redirectIfUnauthorized = useUnauthorizedRedirect(target);
  useEffect(() => {
    if (error) redirectIfUnauthorized(error);
  }, [error, redirectIfUnauthorized]);
}
