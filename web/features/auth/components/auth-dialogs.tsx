import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

// The forms (zod, react-hook-form) load on first open, keeping them out of the landing page's first load.
const SignInDialog = lazy(async () => ({ default: (await import("./sign-in-dialog")).SignInDialog }));
const RegisterDialog = lazy(async () => ({ default: (await import("./register-dialog")).RegisterDialog }));

type OpenDialog = "none" | "signin" | "register";

interface AuthDialogs {
  openSignIn: () => void;
  openRegister: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/** Sign-in and registration dialogs (SPEC 2, 4): open or closed, and each can switch to the other. */
export function AuthDialogsProvider({ children, initial = "none" }: { children: ReactNode; initial?: OpenDialog }) {
  const [open, setOpen] = useState<OpenDialog>(initial);
  const close = useCallback(() => setOpen("none"), []);
  const value = useMemo<AuthDialogs>(
    () => ({ openSignIn: () => setOpen("signin"), openRegister: () => setOpen("register") }),
    [],
  );
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open !== "none" && (
        <Suspense fallback={null}>
          <SignInDialog open={open === "signin"} onClose={close} onSwitchToRegister={value.openRegister} />
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
