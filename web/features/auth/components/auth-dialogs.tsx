import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { RegisterDialog } from "./register-dialog";
import { SignInDialog } from "./sign-in-dialog";

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
      <SignInDialog open={open === "signin"} onClose={close} onSwitchToRegister={value.openRegister} />
      <RegisterDialog open={open === "register"} onClose={close} onSwitchToSignIn={value.openSignIn} />
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const dialogs = useContext(AuthDialogsContext);
  if (!dialogs) throw new Error("useAuthDialogs must be used inside AuthDialogsProvider");
  return dialogs;
}
