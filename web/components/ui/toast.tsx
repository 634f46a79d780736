import { Toast as RadixToast } from "radix-ui";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { TOAST_DURATION_MS } from "../../../schema/limits";
import { cn } from "../../lib/cn";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** The one toast system (SPEC 4): default and destructive variants, one visible at a time, 5 s each. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { key: number }) | null>(null);
  const show = useCallback<ShowToast>((message) => setCurrent({ ...message, key: Date.now() }), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
        {children}
        {current && (
          <RadixToast.Root
            key={current.key}
            defaultOpen
            onOpenChange={(open) => !open && setCurrent(null)}
            data-variant={current.variant ?? "default"}
            className={cn(
              "pointer-events-auto w-full rounded-lg border p-4 pr-8 shadow-lg",
              current.variant === "destructive"
                ? "border-red-700 bg-red-600 text-white"
                : "border-slate-200 bg-white text-slate-900",
            )}
          >
            <RadixToast.Title className="text-sm font-semibold">{current.title}</RadixToast.Title>
            {current.description && (
              <RadixToast.Description className="mt-1 text-sm opacity-90">{current.description}</RadixToast.Description>
            )}
            <RadixToast.Close
              aria-label="Dismiss"
              className="absolute right-2 top-2 rounded p-1 text-current opacity-70 hover:opacity-100"
            >
              ✕
            </RadixToast.Close>
          </RadixToast.Root>
        )}
        <RadixToast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside ToastProvider");
  return show;
}
