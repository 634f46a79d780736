import { useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

/** Read again every minute while the dashboard is open: the card is where an operator looks first. */
const REFRESH_MS = 60_000;

/** GET /api/admin/health: the health checks, the backlogs a person must look at, and failed runs. */
export const useOperatorHealth = () =>
  useQuery({
    queryKey: ["/api/admin/health"],
    queryFn: () => answerOf(api.GET("/admin/health")),
    refetchInterval: REFRESH_MS,
  });
