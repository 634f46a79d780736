import {
  captureException,
  getIsolationScope,
  instrumentDurableObjectWithSentry,
  withSentry,
  type CloudflareOptions,
} from "@sentry/cloudflare";
import type { Bindings } from "../bindings";

/*
 * Errors the Worker did not expect go to Sentry when SENTRY_DSN is set (docs/operations.md,
 * Errors): the fetch, queue and scheduled handlers and the CodeScans Durable Object are wrapped
 * (worker/index.ts), and the app's error handler reports what it answers 500 for. Without a DSN
 * the SDK has no transport and sends nothing.
 *
 * An event carries the error, the route's URL without its query, and the request's id as the tag
 * `request_id`: no headers, cookies, bodies, query strings, addresses or users. A certificate's
 * address carries its public token, which is public by design; a query may carry an email.
 */
export function errorReportOptions(env: Bindings): CloudflareOptions {
  return {
    dsn: env.SENTRY_DSN,
    environment: env.APP_ENV ?? "production",
    sendClientReports: false,
    // No tracing: errors only. Spans would add a request's timing to every event and cost CPU.
    tracesSampleRate: 0,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend(event) {
      if (event.request) {
        event.request = {
          method: event.request.method,
          url: event.request.url?.split("?")[0],
        };
      }
      delete event.user;
      return event;
    },
  };
}

/**
 * Reports an error the app answered 500 for; an error a Durable Object threw is reported by the
 * object itself (its stub re-throws it here marked `remote`), so it is not sent twice.
 */
export function reportUnexpectedError(error: unknown) {
  if ((error as { remote?: boolean } | null)?.remote) return;
  captureException(error, { mechanism: { type: "auto.http.hono.on_error", handled: false } });
}

/** Tags everything reported while this request runs with its id, the one a user quotes. */
export function tagRequest(requestId: string) {
  getIsolationScope().setTag("request_id", requestId);
}

export { withSentry as reportErrorsOf, instrumentDurableObjectWithSentry as reportErrorsOfObject };
