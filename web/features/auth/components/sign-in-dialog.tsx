import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { REDIRECT_DELAY_MS } from "../../../../schema/limits";
import { loginSchema, type LoginInput } from "../../../../schema/validation/auth";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { InputField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { ApiRequestError } from "../../../lib/api-client";
import { useLogin } from "../api/sign-in";

interface Props {
  open: boolean;
  onClose: () => void;
  onSwitchToRegister: () => void;
}

export function SignInDialog({ open, onClose, onSwitchToRegister }: Props) {
  const toast = useToast();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        toast({ title: "Login Successful", description: "Welcome back!" });
        onClose();
        form.reset();
        setTimeout(() => navigate("/"), REDIRECT_DELAY_MS.login);
      },
      onError: (error) =>
        toast({
          title: "Login Failed",
          description: error instanceof ApiRequestError ? error.serverMessage : "Invalid email or password",
          variant: "destructive",
        }),
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Sign In"
      description="Access your valuer dashboard"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? "Signing In..." : "Sign In"}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Don't have an account?{" "}
          <Button variant="link" onClick={onSwitchToRegister}>
            Create one
          </Button>
        </p>
      </form>
    </Dialog>
  );
}
