import { Component, type ErrorInfo, type ReactNode } from "react";
import { requestReferenceOf } from "#web/lib/api-client.ts";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

/**
 * The screen a person sees when a screen fails to draw: what happened, the reference to quote
 * when a failed request caused it, and a way back, instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("screen failed to draw", error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    const reference = requestReferenceOf(this.state.error);
    return (
      <main className="mx-auto max-w-lg px-4 py-16">
        <EmptyState
          title={<span role="alert">Something went wrong on this screen</span>}
          description={
            reference
              ? `Reload to try again. If it keeps happening, quote reference ${reference} to ValuSeal support.`
              : "Reload to try again. If it keeps happening, tell ValuSeal support what you were doing."
          }
          action={<Button onClick={() => window.location.reload()}>Reload</Button>}
        />
      </main>
    );
  }
}
