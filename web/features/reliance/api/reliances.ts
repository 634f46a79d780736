import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  PortfolioView,
  RecordRelianceInput,
  RelianceCheckInput,
  WatchCodeInput,
} from "#schema/validation/reliances.ts";
import { answerOf, api, fileOf, type RequestBody } from "#web/lib/api-client.ts";

const portfolioKey = ["/api/watches"] as const;

/** The Portfolio's one filter (a status, or "expiring") and its page, as the address bar holds them. */
interface PortfolioFilter {
  show: PortfolioView | undefined;
  page: number;
}

/** One page of the lender's watched codes, newest first; the previous page stays while the next loads. */
const portfolioQuery = ({ show, page }: PortfolioFilter) =>
  queryOptions({
    queryKey: [...portfolioKey, show ?? "all", page],
    queryFn: () => answerOf(api.GET("/watches", { params: { query: { show, page } } })),
    placeholderData: keepPreviousData,
  });

export const usePortfolio = (filter: PortfolioFilter) => useQuery(portfolioQuery(filter));

/** GET /api/watches/export.csv: the whole Portfolio with its filter, as a CSV file. */
export const exportPortfolio = (show: PortfolioView | undefined) =>
  fileOf(api.GET("/watches/export.csv", { params: { query: { show } }, parseAs: "blob" }));

/** POST /api/reliances/check: the valuation's standing and the warnings; records nothing. */
export const useCheckReliance = () =>
  useMutation({
    mutationFn: (input: RelianceCheckInput) => answerOf(api.POST("/reliances/check", { body: input })),
  });

/** After anything that adds to the Portfolio, it is read again. */
function usePortfolioChange<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKey }) });
}

/** POST /api/reliances: the loan recorded against the valuation, which is watched from then on. */
export const useRecordReliance = () =>
  // The form's amount and date are text, which the route's schema parses.
  usePortfolioChange((input: RecordRelianceInput) =>
    answerOf(api.POST("/reliances", { body: input as RequestBody<"/reliances", "post"> })),
  );

/** POST /api/watches: the valuation watched without relying on it. */
export const useWatchCode = () =>
  usePortfolioChange((input: WatchCodeInput) => answerOf(api.POST("/watches", { body: input })));

/** POST /api/reliances/letters: the issuer is asked for a reliance letter, and the valuation watched. */
export const useRequestLetter = () =>
  usePortfolioChange((input: WatchCodeInput) => answerOf(api.POST("/reliances/letters", { body: input })));
