import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { QrCodeWithImage } from "#schema/responses/index.ts";
import type { Currency } from "#schema/limits/codes.ts";
import type { CreateQrCodeInput } from "#schema/validation/qr-codes.ts";
import { useUnauthorizedRedirect } from "#web/components/ui/failure-toast.ts";
import { useToast } from "#web/components/ui/toast.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useCreateCode } from "../api/create-code";
import type { SigningValuers } from "../lib/signing-valuers";
import { CodeForm, type CodeCredits, type SubmittedForm } from "./code-form";
import { CodePreview } from "./code-preview";
import { type IssuerStanding, UnverifiedIssuerNotice } from "./unverified-issuer-notice";
import { PageTitle } from "#web/components/ui/page-title.tsx";

const GENERIC_FAILURE = "Failed to generate QR code. Please try again.";

/** The server's field errors, else its message, else the generic text. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return GENERIC_FAILURE;
  if (error.errors?.length) return `Validation errors: ${error.errors.join(", ")}`;
  return error.serverMessage || GENERIC_FAILURE;
}

/**
 * /create-qr: idle, submitting ("Generating QR Code...") and generated. The last generated code
 * stays in the preview while another is made, until the new one replaces it; the form is emptied
 * once a code is generated, so the same details are not sent (and paid for) again by mistake.
 */
export function CreateCodePage({
  signingValuers,
  afterGenerated,
  validityDays,
  defaultCurrency,
  issuerStanding,
  credits,
}: {
  signingValuers: SigningValuers;
  /** The firm's credits (web/app reads them from Billing): what a code costs and what is left. */
  credits?: CodeCredits;
  /** Whether ValuSeal has verified the firm; unknown (undefined) while Company Details loads. */
  issuerStanding?: IssuerStanding;
  /** The company's validity period in days (web/app reads it from Company Details). */
  validityDays?: number;
  /** The firm's currency (web/app derives it from Company Details). */
  defaultCurrency?: Currency;
  /** Shown under the generated code's actions (web/app composes in sealing the report). */
  afterGenerated?: (code: QrCodeWithImage) => ReactNode;
}) {
  const toast = useToast();
  const redirectIfUnauthorized = useUnauthorizedRedirect();
  const createCode = useCreateCode();
  const [generated, setGenerated] = useState<QrCodeWithImage>();

  const generate = (request: CreateQrCodeInput, form: SubmittedForm) =>
    createCode.mutate(request, {
      onSuccess: (code) => {
        setGenerated(code);
        credits?.spent();
        form.clearForm();
        toast({ title: "QR Code generated successfully!" });
      },
      onError: (error) => {
        if (redirectIfUnauthorized(error)) return;
        // A 402 means the balance moved under the form: read it again so the form offers "Buy credits".
        credits?.spent();
        // Under the fields the server named, and in the product's "Validation errors" toast as well.
        form.showOnFields(error);
        toast({ title: "Error", description: failureMessage(error), variant: "destructive" });
      },
    });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <PageTitle tabTitle="Create QR Code">Create Unique Code for your valuation report</PageTitle>
        <p className="mt-1 text-sm text-slate-600">
          One code per report: paste the image on the report pages so anyone can verify the report by scanning it.
        </p>
        <p className="mt-1 text-sm">
          <Link to="/create-qr/batch" className="font-medium text-brand-700 underline">
            Many reports? Create many codes at once from a spreadsheet
          </Link>
        </p>
      </header>
      <UnverifiedIssuerNotice standing={issuerStanding} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <CodeForm
          valuers={signingValuers}
          submitting={createCode.isPending}
          onSubmit={generate}
          validityDays={validityDays}
          defaultCurrency={defaultCurrency}
          credits={credits}
        />
        <div className="lg:sticky lg:top-20">
          <CodePreview code={generated} after={generated && afterGenerated?.(generated)} />
        </div>
      </div>
    </div>
  );
}
