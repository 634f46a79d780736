import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { TOAST_DURATION_MS } from "../../../schema/limits";
import { cn } from "../../lib/cn";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The one toast system: default and destructive variants, one visible at a time, 5 s each.
 * Written here rather than with a primitive library: it is small, and it ships in the landing
 * page's first download, which has a size budget.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | null>(null);
  const show = useCallback<ShowToast>((message) => setCurrent({ ...message, id: Date.now() + Math.random() }), []);
  const dismiss = useCallback(() => setCurrent(null), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* The live region is always present so screen readers announce toasts as they appear. */}
      <ol
        aria-live="polite"
        className="pointer-events-none fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4"
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
        "pointer-events-auto relative w-full rounded-lg border p-4 pr-8 shadow-lg",
        destructive ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900",
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
        className="absolute right-2 top-2 rounded p-1 text-current opacity-70 hover:opacity-100"
      >
        ✕
      </button>
    </li>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside ToastProvider");
  return show;
}
