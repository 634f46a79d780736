import { useQuery } from "@tanstack/react-query";
import type { KeyHistory } from "../../../../schema/signed-records";
import type { KeyCompromise } from "../../../../schema/validation/transparency";
import { apiRequest } from "../../../lib/api-client";
import { useAdminMutation } from "./admin-mutation";

const SIGNING_KEYS_PATH = "/api/admin/signing-keys";

/** GET /api/admin/signing-keys: every key the platform ever signed with, oldest first (as jwks.json publishes them). */
export const useSigningKeys = () =>
  useQuery({ queryKey: [SIGNING_KEYS_PATH], queryFn: () => apiRequest<KeyHistory>(SIGNING_KEYS_PATH) });

/** POST /api/admin/signing-keys/{kid}/compromise: what the key signed from that time on is refused everywhere. */
export const useMarkKeyCompromised = () =>
  useAdminMutation({
    mutationFn: ({ kid, compromisedAt }: KeyCompromise & { kid: string }) =>
      apiRequest<KeyHistory>(`${SIGNING_KEYS_PATH}/${encodeURIComponent(kid)}/compromise`, {
        method: "POST",
        body: { compromisedAt } satisfies KeyCompromise,
      }),
    successTitle: "Signing key marked compromised",
    failureTitle: "Failed to mark the key compromised",
  });
