import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useToast } from "#web/components/ui/toast.tsx";
import { answerOf, api } from "#web/lib/api-client.ts";

export const COMPANY_DETAILS_FAILED = "Failed to load company details";

const companyDetailsQuery = (companyId: number) =>
  queryOptions({
    queryKey: ["/api/admin/companies/{id}/details", companyId],
    queryFn: () => answerOf(api.GET("/admin/companies/{id}/details", { params: { path: { id: String(companyId) } } })),
  });

/** The View dialog's company info, codes and valuers; nothing is fetched until a company is chosen. */
export const useCompanyDetails = (companyId: number | null) =>
  useQuery({ ...companyDetailsQuery(companyId ?? 0), enabled: companyId !== null });

/**
 * Starts loading a company's details when View is pressed, with a failure toast if that fails
 * (the dialog, reading the same query, shows the failure too).
 */
export function useLoadCompanyDetails() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useCallback(
    (companyId: number) => {
      queryClient
        .fetchQuery(companyDetailsQuery(companyId))
        .catch(() => toast({ title: COMPANY_DETAILS_FAILED, variant: "destructive" }));
    },
    [queryClient, toast],
  );
}
