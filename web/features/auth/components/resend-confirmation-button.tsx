import { Button, type ButtonProps } from "#web/components/ui/button.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { useToast } from "#web/components/ui/toast.tsx";
import { serverMessageOf } from "#web/lib/api-client.ts";
import { isAlreadyConfirmed, useResendConfirmation } from "../api/email-confirmation";

/** Sends the signed-in user a new confirmation link; the server's answer is the toast. */
export function ResendConfirmationButton({
  variant = "secondary",
  size = "sm",
}: Pick<ButtonProps, "variant" | "size">) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const resend = useResendConfirmation();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: "Confirmation email sent", description: message }),
      onError: (error) => {
        if (isAlreadyConfirmed(error)) {
          toast({ title: "Email already confirmed", description: serverMessageOf(error) });
          return;
        }
        showFailure("Failed to send the confirmation email", error);
      },
    });
  return (
    <Button variant={variant} size={size} onClick={send} disabled={resend.isPending}>
      {resend.isPending ? "Sending..." : "Resend"}
    </Button>
  );
}
