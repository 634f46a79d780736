import type { UseFormRegisterReturn } from "react-hook-form";
import type { Json, QrCode } from "../../../../schema/responses";
import { QR_LIST_MAX } from "../../../../schema/validation/qr-codes";
import { SelectField } from "../../../components/ui/field";
import { formatDate } from "../../../lib/format";
import { useRecentCodes } from "../api/list-codes";
import { codeTitle, isRevoked } from "../lib/describe-code";

const optionLabel = (code: Json<QrCode>) =>
  [codeTitle(code), code.propertyReference, formatDate(code.valuationDate, "short")].filter(Boolean).join(" · ");

function successorHint(codes: ReturnType<typeof useRecentCodes>, candidateCount: number): string {
  if (codes.isPending) return "Loading your codes...";
  if (codes.isError) return "Your codes could not be loaded; you can revoke without naming a replacement.";
  if (candidateCount === 0) return "You have no other valid code to name.";
  const truncated = codes.data.length === QR_LIST_MAX ? ` Your ${QR_LIST_MAX} newest codes are listed.` : "";
  return `Scanners of this code will be pointed to the replacement's certificate.${truncated}`;
}

/**
 * The optional code that replaces a revoked one, chosen from the company's newest codes. The
 * code itself and revoked codes are left out: the server refuses both.
 */
export function SuccessorCodeField({
  code,
  error,
  registration,
}: {
  code: Json<QrCode>;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const codes = useRecentCodes(QR_LIST_MAX);
  const candidates = (codes.data ?? []).filter((candidate) => candidate.id !== code.id && !isRevoked(candidate));
  const hint = successorHint(codes, candidates.length);
  return (
    <SelectField
      label="Replaced by (optional)"
      hint={hint}
      error={error}
      disabled={candidates.length === 0}
      defaultValue=""
      {...registration}
    >
      <option value="">No replacement</option>
      {candidates.map((candidate) => (
        <option key={candidate.id} value={candidate.id}>
          {optionLabel(candidate)}
        </option>
      ))}
    </SelectField>
  );
}
