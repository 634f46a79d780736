import { useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

/** GET /api/public/platform-figures: the platform's figures as last counted (at most an hour ago). */
export const usePlatformFigures = () =>
  useQuery({
    queryKey: ["/api/public/platform-figures"],
    queryFn: () => answerOf(api.GET("/public/platform-figures")),
    staleTime: 5 * 60 * 1000,
  });

/** GET /api/public/pricing: the packs on sale now in a currency, the same figures Billing charges. */
export const usePricing = (currency: "KES" | "USD") =>
  useQuery({
    queryKey: ["/api/public/pricing", currency],
    queryFn: () => answerOf(api.GET("/public/pricing", { params: { query: { currency } } })),
    staleTime: 5 * 60 * 1000,
  });
