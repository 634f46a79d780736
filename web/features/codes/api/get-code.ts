import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { QrCodeWithImage } from "../types";

export const codeKey = (id: number | string) => [`/api/qr-codes/${id}`] as const;

/** One code with its image and verification count; another company's id answers 404. */
export const codeQuery = (id: number | string) =>
  queryOptions({ queryKey: codeKey(id), queryFn: () => apiRequest<QrCodeWithImage>(`/api/qr-codes/${id}`) });

export const useCode = (id: string) => useQuery(codeQuery(id));
