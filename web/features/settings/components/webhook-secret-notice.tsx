import { SecretShownOnce } from "./secret-shown-once";

/** The signing secret right after saving: the only time it is ever shown. */
export function WebhookSecretNotice({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  return (
    <SecretShownOnce
      title="Your signing secret"
      secret={secret}
      secretLabel="Webhook signing secret"
      copyLabel="Copy secret"
      copied={{ title: "Secret copied", description: "Store it with your webhook receiver's settings." }}
      keepIt="Copy it now and keep it with your receiver: you won't see it again. If you lose it, save the webhook again to get a new one."
      onDismiss={onDismiss}
    />
  );
}
