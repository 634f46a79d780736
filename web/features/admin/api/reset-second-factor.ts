import type { SecondFactorResetInput } from "#schema/validation/admin.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

/**
 * POST /api/admin/users/{id}/second-factor-reset: after a review of identity evidence, removes the
 * user's authenticator app, passkeys and recovery codes and signs them out (decision 048).
 */
export const useResetSecondFactor = () =>
  useAdminMutation({
    mutationFn: ({ userId, evidence }: SecondFactorResetInput & { userId: number }) =>
      answerOf(
        api.POST("/admin/users/{id}/second-factor-reset", {
          params: { path: { id: String(userId) } },
          body: { evidence } satisfies SecondFactorResetInput,
        }),
      ),
    successTitle: "Two-step sign-in reset",
    failureTitle: "Failed to reset two-step sign-in",
  });
