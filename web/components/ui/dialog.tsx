import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";
import { useFocusReturn } from "./focus-return";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** The widest a centred dialog may grow (it always fits the screen). */
  size?: keyof typeof SIZES;
  /** `center` for a modal question or form; `drawer` for a full-height panel from the left (the phone menu). */
  placement?: keyof typeof PLACEMENTS;
  className?: string;
  /**
   * false for what must be acted on before it goes (a secret shown once): no close button, and
   * neither Escape nor a tap outside closes it; only its own buttons do.
   */
  dismissible?: boolean;
}

const SIZES = { md: "max-w-md", lg: "max-w-lg", xl: "max-w-3xl" } as const;

const PLACEMENTS = {
  center: "left-1/2 top-1/2 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-overlay p-6",
  drawer: "inset-y-0 left-0 h-full w-72 max-w-[85vw] border-r border-line p-4",
} as const;

/**
 * Escape in an open list (a combobox's suggestions, web/components/ui/combobox.tsx) closes the
 * list, not the dialog around it: the dialog hears the key first (Radix listens on the document).
 */
export function keepDialogForOpenList(event: KeyboardEvent) {
  const target = event.target as HTMLElement | null;
  if (target?.getAttribute("role") === "combobox" && target.getAttribute("aria-expanded") === "true") {
    event.preventDefault();
  }
}

/** Accessible modal (focus trap, Escape, labelled by its title) on Radix primitives. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = "md",
  placement = "center",
  className,
  dismissible = true,
}: DialogProps) {
  const onCloseAutoFocus = useFocusReturn(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[1px]" />
        <RadixDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          onEscapeKeyDown={dismissible ? keepDialogForOpenList : (event) => event.preventDefault()}
          onInteractOutside={dismissible ? undefined : (event) => event.preventDefault()}
          className={cn(
            "fixed z-50 overflow-y-auto bg-surface shadow-overlay focus:outline-none",
            PLACEMENTS[placement],
            placement === "center" && SIZES[size],
            className,
          )}
        >
          <RadixDialog.Title className="pr-8 text-section-title font-semibold text-slate-900">
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          {dismissible && (
            <RadixDialog.Close
              className="absolute right-3 top-3 rounded-control p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-4" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
