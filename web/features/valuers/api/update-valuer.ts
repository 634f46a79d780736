import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Valuer } from "#schema/responses/index.ts";
import type { ValuerInput } from "#schema/validation/valuers.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { invalidateValuers } from "./list-valuers";

type ValuerUpdate = ValuerInput & { id: number };

/**
 * PUT /api/valuers/:id (owner only). The server replaces every field, so callers always send the
 * whole valuer, including an unchanged phone, qualification and registration number.
 */
export function useUpdateValuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...valuer }: ValuerUpdate) =>
      answerOf(api.PUT("/valuers/{id}", { params: { path: { id: String(id) } }, body: valuer })),
    onSuccess: () => invalidateValuers(queryClient),
  });
}

/** The form values of a stored valuer: the schema takes "" (not null) for an empty optional field. */
export const valuerUpdateFrom = (valuer: Valuer, changes: Partial<ValuerInput> = {}): ValuerUpdate => ({
  id: valuer.id,
  name: valuer.name,
  phone: valuer.phone ?? "",
  qualification: valuer.qualification ?? "",
  registrationNumber: valuer.registrationNumber ?? "",
  isActive: valuer.isActive,
  ...changes,
});
