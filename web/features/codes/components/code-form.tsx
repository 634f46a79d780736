import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { CreateQrCodeInput } from "../../../../schema/validation/qr-codes";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { codeFormDefaults, codeFormResolver } from "../lib/code-form";
import type { SigningValuers } from "../lib/signing-valuers";
import { PropertyInformationSection } from "./property-information-section";
import { ValuationDetailsSection } from "./valuation-details-section";

interface Props {
  /** The company's valuers, of whom the active ones may sign. */
  valuers: SigningValuers;
  submitting: boolean;
  /** `clearForm` empties the form; the page calls it once the code is generated. */
  onSubmit: (request: CreateQrCodeInput, clearForm: () => void) => void;
  /** The company's validity period in days (Company Details), named in the Valid Until hint. */
  validityDays?: number;
}

/** The create form, validated with the server's own schema before anything is sent. */
export function CodeForm({ valuers, submitting, onSubmit, validityDays }: Props) {
  const form = useForm({ resolver: codeFormResolver, defaultValues: codeFormDefaults() });
  const signers = (valuers.data ?? []).filter((valuer) => valuer.isActive);
  const noValuers = valuers.isSuccess && signers.length === 0;
  const clearForm = () => form.reset(codeFormDefaults());

  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={form.handleSubmit((request) => onSubmit(request, clearForm))} noValidate className="space-y-8">
        <PropertyInformationSection form={form} />
        <ValuationDetailsSection form={form} valuers={signers} validityDays={validityDays} />
        <div className="space-y-2">
          {noValuers && (
            <div role="alert" className="flex flex-wrap gap-x-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              <p>No valuers available. Please add a valuer first.</p>
              <Link to="/valuers" className="font-medium underline">
                Go to valuers
              </Link>
            </div>
          )}
          {valuers.isError && (
            <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
              <p>The signing valuers could not be loaded.</p>
              <Button variant="link" onClick={() => valuers.refetch()}>
                Try again
              </Button>
            </div>
          )}
          <Button type="submit" size="lg" className="w-full" disabled={submitting || !valuers.isSuccess || noValuers}>
            {submitting ? "Generating QR Code..." : "Generate QR Code"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
