import { useQuery } from "@tanstack/react-query";
import type { KeyCompromise } from "#schema/validation/transparency.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

/** GET /api/admin/signing-keys: every key the platform ever signed with, oldest first (as jwks.json publishes them). */
export const useSigningKeys = () =>
  useQuery({ queryKey: ["/api/admin/signing-keys"], queryFn: () => answerOf(api.GET("/admin/signing-keys")) });

/** POST /api/admin/signing-keys/{kid}/compromise: what the key signed from that time on is refused everywhere. */
export const useMarkKeyCompromised = () =>
  useAdminMutation({
    mutationFn: ({ kid, compromisedAt }: KeyCompromise & { kid: string }) =>
      answerOf(
        api.POST("/admin/signing-keys/{kid}/compromise", {
          params: { path: { kid } },
          body: { compromisedAt } satisfies KeyCompromise,
        }),
      ),
    successTitle: "Signing key marked compromised",
    failureTitle: "Failed to mark the key compromised",
  });
