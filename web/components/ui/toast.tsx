import { X } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { TOAST_DURATION_MS } from "#schema/limits.ts";
import { cn } from "#web/lib/cn.ts";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /**
   * For the result of an action that itself moves to another page (signed in, invitation
   * accepted): the toast stays. Any other toast belongs to its page and goes when the user leaves.
   */
  keepAfterNavigation?: boolean;
}

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The one toast system: default and destructive variants, one visible at a time, 5 s each, and
 * none carried over to the next page unless asked for.
 * Written here rather than with a primitive library: it is small, and it ships in the landing
 * page's first download, which has a size budget.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | null>(null);
  const show = useCallback<ShowToast>((message) => setCurrent({ ...message, id: Date.now() + Math.random() }), []);
  const dismiss = useCallback(() => setCurrent(null), []);
  // On a change of page (adjusted while rendering, React's pattern for state that follows a value).
  const { pathname } = useLocation();
  const [page, setPage] = useState(pathname);
  if (page !== pathname) {
    setPage(pathname);
    setCurrent((toast) => (toast?.keepAfterNavigation ? { ...toast, keepAfterNavigation: false } : null));
  }
  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* The live region is always present so screen readers announce toasts as they appear. On a
          phone it sits at the top: at the bottom it covered the action buttons of a dialog (a
          dialog's Done under "Report sealed"), and the buttons are what the reader reaches for next. */}
      <ol
        aria-live="polite"
        className="pointer-events-none fixed right-0 top-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 sm:bottom-0 sm:top-auto"
      >
        {current && <Toast key={current.id} message={current} onDismiss={dismiss} />}
      </ol>
    </ToastContext.Provider>
  );
}

function Toast({ message, onDismiss }: { message: ToastMessage; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, onDismiss]);
  const destructive = message.variant === "destructive";
  return (
    <li
      data-variant={message.variant ?? "default"}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      className={cn(
        "pointer-events-auto relative w-full rounded-card border p-4 pr-9 shadow-raised",
        destructive ? "border-red-700 bg-red-700 text-white" : "border-line bg-surface text-slate-900",
      )}
    >
      {/* The role sits inside the list item: a list may only hold list items. */}
      <div role={destructive ? "alert" : "status"}>
        <p className="text-sm font-semibold">{message.title}</p>
        {message.description && <p className="mt-1 text-sm opacity-90">{message.description}</p>}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={onDismiss}
        className="absolute right-2 top-2 rounded-control p-1 text-current opacity-70 hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside ToastProvider");
  return show;
}
