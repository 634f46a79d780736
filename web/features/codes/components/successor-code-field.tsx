import type { UseFormRegisterReturn } from "react-hook-form";
import { QR_LIST_MAX } from "../../../../schema/validation/qr-codes";
import { SelectField } from "../../../components/ui/field";
import { formatDate } from "../../../lib/format";
import { useRecentCodes } from "../api/list-codes";
import { codeTitle, isRevoked, type QrCode } from "../types";

const optionLabel = (code: QrCode) =>
  [codeTitle(code), code.propertyReference, formatDate(code.valuationDate, "short")].filter(Boolean).join(" · ");

/**
 * The optional code that replaces a revoked one, chosen from the company's newest codes. The
 * code itself and revoked codes are left out: the server refuses both.
 */
export function SuccessorCodeField({
  code,
  error,
  registration,
}: {
  code: QrCode;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const codes = useRecentCodes(QR_LIST_MAX);
  const candidates = (codes.data ?? []).filter((candidate) => candidate.id !== code.id && !isRevoked(candidate));
  const hint = codes.isPending
    ? "Loading your codes..."
    : codes.isError
      ? "Your codes could not be loaded; you can revoke without naming a replacement."
      : candidates.length === 0
        ? "You have no other valid code to name."
        : "Scanners of this code will be pointed to the replacement's certificate.";
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
