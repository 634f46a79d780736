import { useQuery } from "@tanstack/react-query";
import type { DataRequestUpdate, NewDataRequestInput } from "#schema/validation/privacy.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

/** GET /api/admin/data-requests: open requests soonest due first, then answered ones. */
export const useDataRequests = () =>
  useQuery({
    queryKey: ["/api/admin/data-requests"],
    queryFn: () => answerOf(api.GET("/admin/data-requests")),
  });

export const useRecordDataRequest = () =>
  useAdminMutation({
    mutationFn: (request: NewDataRequestInput) => answerOf(api.POST("/admin/data-requests", { body: request })),
    successTitle: "Request recorded",
    failureTitle: "Failed to record the request",
  });

export const useAnswerDataRequest = (id: number) =>
  useAdminMutation({
    mutationFn: (update: DataRequestUpdate) =>
      answerOf(api.PATCH("/admin/data-requests/{id}", { params: { path: { id: String(id) } }, body: update })),
    successTitle: "Request updated",
    failureTitle: "Failed to update the request",
  });
