import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { OrganisationKind } from "#schema/limits/companies.ts";
import { safeNextPath } from "#schema/next-path.ts";

// The forms (zod, react-hook-form) load on first open, keeping them out of the landing page's first load.
const SignInDialog = lazy(async () => ({ default: (await import("./sign-in-dialog")).SignInDialog }));
const RegisterDialog = lazy(async () => ({ default: (await import("./register-dialog")).RegisterDialog }));

/** "forgot" is the sign-in dialog switched to asking for a password-reset link. */
type OpenDialog = "none" | "signin" | "forgot" | "register";

/**
 * Why the dialog opened: where to go once signed in (a scanned code's Record reliance, kept through
 * registration and the confirmation email) and, for registering, what the organisation does.
 */
interface AuthIntent {
  next?: string | null;
  kind?: OrganisationKind;
}

interface AuthDialogs {
  openSignIn: (intent?: AuthIntent) => void;
  openRegister: (intent?: AuthIntent) => void;
  openForgotPassword: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/** The sign-in dialog (with its forgotten-password form) and the registration dialog: each can switch to the other. */
export function AuthDialogsProvider({
  children,
  initial = "none",
  initialIntent = {},
}: {
  children: ReactNode;
  initial?: OpenDialog;
  initialIntent?: AuthIntent;
}) {
  const [open, setOpen] = useState<OpenDialog>(initial);
  const [intent, setIntent] = useState<AuthIntent>(initialIntent);
  const close = useCallback(() => setOpen("none"), []);
  const value = useMemo<AuthDialogs>(() => {
    // Called as a click handler too: only an intent's own fields are kept, never the event's.
    const opener = (dialog: OpenDialog) => (given?: AuthIntent) => {
      if (given && ("next" in given || "kind" in given)) {
        setIntent((current) => ({ next: given.next ?? current.next, kind: given.kind ?? current.kind }));
      }
      setOpen(dialog);
    };
    return { openSignIn: opener("signin"), openRegister: opener("register"), openForgotPassword: opener("forgot") };
  }, []);
  const next = safeNextPath(intent.next);
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open !== "none" && (
        <Suspense fallback={null}>
          <SignInDialog
            open={open === "signin" || open === "forgot"}
            forgotPassword={open === "forgot"}
            onClose={close}
            next={next}
            onSwitchToRegister={() => value.openRegister()}
            onForgotPassword={value.openForgotPassword}
            onBackToSignIn={() => value.openSignIn()}
          />
          <RegisterDialog
            open={open === "register"}
            onClose={close}
            next={next}
            kind={intent.kind ?? "issuer"}
            onSwitchToSignIn={() => value.openSignIn()}
          />
        </Suspense>
      )}
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const dialogs = useContext(AuthDialogsContext);
  if (!dialogs) throw new Error("useAuthDialogs must be used inside AuthDialogsProvider");
  return dialogs;
}
