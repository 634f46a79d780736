import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

// The forms (zod, react-hook-form) load on first open, keeping them out of the landing page's first load.
const SignInDialog = lazy(async () => ({ default: (await import("./sign-in-dialog")).SignInDialog }));
const RegisterDialog = lazy(async () => ({ default: (await import("./register-dialog")).RegisterDialog }));

/** "forgot" is the sign-in dialog switched to asking for a password-reset link. */
type OpenDialog = "none" | "signin" | "forgot" | "register";

interface AuthDialogs {
  openSignIn: () => void;
  openRegister: () => void;
  openForgotPassword: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/** The sign-in dialog (with its forgotten-password form) and the registration dialog: each can switch to the other. */
export function AuthDialogsProvider({ children, initial = "none" }: { children: ReactNode; initial?: OpenDialog }) {
  const [open, setOpen] = useState<OpenDialog>(initial);
  const close = useCallback(() => setOpen("none"), []);
  const value = useMemo<AuthDialogs>(
    () => ({
      openSignIn: () => setOpen("signin"),
      openRegister: () => setOpen("register"),
      openForgotPassword: () => setOpen("forgot"),
    }),
    [],
  );
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open !== "none" && (
        <Suspense fallback={null}>
          <SignInDialog
            open={open === "signin" || open === "forgot"}
            forgotPassword={open === "forgot"}
            onClose={close}
            onSwitchToRegister={value.openRegister}
            onForgotPassword={value.openForgotPassword}
            onBackToSignIn={value.openSignIn}
          />
          <RegisterDialog open={open === "register"} onClose={close} onSwitchToSignIn={value.openSignIn} />
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
