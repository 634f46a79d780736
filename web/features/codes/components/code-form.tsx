import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { Currency } from "#schema/limits/codes.ts";
import type { CreateQrCodeInput } from "#schema/validation/qr-codes.ts";
import { Link } from "react-router";
import { BILLING_PATH } from "#schema/app-paths.ts";
import { Button, buttonClasses } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ErrorSummary } from "#web/components/ui/error-summary.tsx";
import { NoValuersNotice } from "./no-valuers-notice";
import { showServerFieldErrors } from "#web/lib/field-errors.ts";
import { CODE_FORM_FIELDS, codeFormDefaults, codeFormResolver } from "../lib/code-form";
import type { SigningValuers } from "../lib/signing-valuers";
import { PropertyInformationSection } from "./property-information-section";
import { ValuationDetailsSection } from "./valuation-details-section";

interface Props {
  /** The company's valuers, of whom the active ones may sign. */
  valuers: SigningValuers;
  submitting: boolean;
  /**
   * `clearForm` empties the form (the page calls it once the code is generated); `showOnFields`
   * puts the server's answers about fields under them and says whether every one found its field.
   */
  onSubmit: (request: CreateQrCodeInput, form: SubmittedForm) => void;
  /** The company's validity period in days (Company Details), named in the Valid Until hint. */
  validityDays?: number;
  /** The currency the form starts with (the firm's, once Company Details has loaded). */
  defaultCurrency?: Currency;
  credits?: CodeCredits;
}

/** What generating costs the firm: its balance (undefined while it loads) and how to read it again. */
export interface CodeCredits {
  balance: number | undefined;
  /** After a code is generated (or refused for want of credits): the balance is read again. */
  spent: () => void;
}

export interface SubmittedForm {
  clearForm: () => void;
  showOnFields: (error: unknown) => boolean;
}

/**
 * The create form, validated with the server's own schema before anything is sent. A company with
 * no active valuer is stopped at the top, before it fills anything in: every certificate names the
 * valuer who signed the report.
 */
export function CodeForm({ valuers, submitting, onSubmit, validityDays, defaultCurrency, credits }: Props) {
  // The error summary at the top takes the focus after a failed submit, not the first field.
  const form = useForm({
    resolver: codeFormResolver,
    defaultValues: codeFormDefaults(defaultCurrency),
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  // The firm's currency arrives with Company Details: it replaces the starting one unless chosen already.
  useEffect(() => {
    if (defaultCurrency && !form.getFieldState("currency").isDirty) form.setValue("currency", defaultCurrency);
  }, [defaultCurrency, form]);
  const signers = (valuers.data ?? []).filter((valuer) => valuer.isActive);
  const noValuers = valuers.isSuccess && signers.length === 0;
  const submitted: SubmittedForm = {
    clearForm: () => form.reset(codeFormDefaults(form.getValues("currency"))),
    showOnFields: (error) => showServerFieldErrors(error, form.setError, CODE_FORM_FIELDS),
  };

  return (
    <Card className="p-4 sm:p-6">
      {noValuers && <NoValuersNotice className="mb-6" />}
      <form
        ref={formRef}
        onSubmit={form.handleSubmit((request) => onSubmit(request, submitted))}
        noValidate
        className="space-y-8"
      >
        <ErrorSummary
          formRef={formRef}
          submitCount={form.formState.submitCount}
          errorCount={Object.keys(form.formState.errors).length}
        />
        {/* Disabled as a whole until a valuer exists: nothing typed here could be sent. */}
        <fieldset disabled={noValuers} className="space-y-8 disabled:opacity-60">
          <PropertyInformationSection form={form} />
          <ValuationDetailsSection form={form} valuers={signers} validityDays={validityDays} />
        </fieldset>
        <div className="space-y-2">
          {valuers.isError && (
            <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
              <p>The signing valuers could not be loaded.</p>
              <Button variant="link" onClick={() => valuers.refetch()}>
                Try again
              </Button>
            </div>
          )}
          {credits?.balance === 0 ? (
            <>
              <p className="text-sm text-red-700">You have no credits left: one credit pays for one code.</p>
              <Link to={BILLING_PATH} className={buttonClasses({ size: "lg", className: "w-full" })}>
                Buy credits
              </Link>
            </>
          ) : (
            <>
              <Button
                type="submit"
                size="lg"
                className="w-full"
                disabled={submitting || !valuers.isSuccess || noValuers}
              >
                {submitting ? "Generating QR Code..." : "Generate QR Code"}
              </Button>
              {credits?.balance !== undefined && (
                <p className="text-center text-sm text-slate-600" data-testid="code-cost">
                  1 credit · balance {credits.balance}
                </p>
              )}
            </>
          )}
        </div>
      </form>
    </Card>
  );
}
