import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

const publicCertificateKey = (token: string) => [`/api/public/certificates/${encodeURIComponent(token)}`] as const;

/**
 * The issuer's record for a public token. The server counts this request as a scan, so the
 * answer's verificationCount already includes it; the global "never stale" default means a
 * re-render never counts twice, while a reload (a new visit) does. 404 means the code is unknown.
 */
const publicCertificateQuery = (token: string) =>
  queryOptions({
    queryKey: publicCertificateKey(token),
    queryFn: () => answerOf(api.GET("/public/certificates/{token}", { params: { path: { token } } })),
  });

export const usePublicCertificate = (token: string) => useQuery(publicCertificateQuery(token));
