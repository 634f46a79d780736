import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CodeStatusAction } from "../../../../schema/validation/code-status";
import { apiRequest } from "../../../lib/api-client";

/** Who changed a code's status (null when that account no longer exists). */
export interface StatusActor {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** A code's state as revoke, reinstate and status-history answer it. */
export interface CodeStatus {
  id: number;
  status: "valid" | "revoked";
  revokedAt: string | null;
  revokedReason: string | null;
  revokedBy: StatusActor | null;
  /** The code that replaces a revoked one, with its public address. */
  supersededBy: { id: number; publicToken: string; propertyAddress: string; address: string } | null;
}

export interface CodeStatusEvent {
  id: number;
  action: CodeStatusAction;
  reason: string;
  at: string;
  actor: StatusActor | null;
}

export interface CodeStatusHistory extends CodeStatus {
  /** Newest first. */
  events: CodeStatusEvent[];
}

export const codeStatusKey = (id: number | string) => [`/api/qr-codes/${id}/status-history`] as const;

export const codeStatusQuery = (id: number | string) =>
  queryOptions({
    queryKey: codeStatusKey(id),
    queryFn: () => apiRequest<CodeStatusHistory>(codeStatusKey(id)[0]),
  });

export const useCodeStatus = (id: number) => useQuery(codeStatusQuery(id));
