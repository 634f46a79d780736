import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { acknowledgementText } from "#verifier/texts/reliance-acknowledgements.ts";
import type { RelianceCheck } from "#schema/responses/index.ts";
import {
  recordRelianceSchema,
  relianceCheckSchema,
  type RecordRelianceInput,
  type RelianceCheckInput,
} from "#schema/validation/reliances.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { useFailureToast, useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { PageTitle } from "#web/components/ui/page-title.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { formatDate, todayDayMonthYear } from "#web/lib/format.ts";
import { useCheckReliance, useRecordReliance, useRequestLetter, useWatchCode } from "../api/reliances";
import { ReliedCodeSummary } from "./relied-code-summary";
import { LanguageSwitch } from "#web/components/ui/language-switch.tsx";
import { useLanguage, useTexts } from "#web/lib/language.ts";
import { LOCALES } from "#schema/language.ts";
import { RELIANCE_TEXTS, type RelianceTexts } from "../texts";

/** Step one: the valuation, by the verification code printed on the report or its scanned address. */
function FindValuation({ initial, onChecked }: { initial: string; onChecked: (check: RelianceCheck) => void }) {
  const checkReliance = useCheckReliance();
  const t = useTexts(RELIANCE_TEXTS);
  const form = useForm<RelianceCheckInput>({
    resolver: zodResolver(relianceCheckSchema),
    defaultValues: { code: initial },
  });
  const showFailure = useFormFailure(form.setError, ["code"]);
  const submit = form.handleSubmit((input) =>
    checkReliance.mutate(input, {
      onSuccess: onChecked,
      onError: (error) => showFailure(t.couldNotCheck, error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        label={t.verificationCode}
        placeholder="VS-7K3M-9Q2P-4H"
        hint={t.verificationCodeHint}
        autoComplete="off"
        {...bound(form, "code")}
      />
      <Button type="submit" disabled={checkReliance.isPending}>
        {checkReliance.isPending ? t.checking : t.checkValuation}
      </Button>
    </form>
  );
}

/** Where the lender's own request for a letter stands. */
function letterLine(letter: NonNullable<RelianceCheck["letter"]>, t: RelianceTexts, locale: string) {
  if (letter.state === "granted") return t.letterGranted(formatDate(letter.relianceUntil, "long", locale));
  if (letter.state === "declined") return t.letterDeclined(letter.reason);
  return t.letterRequestedOn(formatDate(letter.requestedAt, "long", locale));
}

/**
 * A valuation addressed to another institution needs a reliance letter from its issuer: one click
 * asks for it (and watches the valuation); the issuer's answer arrives by email and in the Portfolio.
 */
function AskForLetter({ code }: { code: string }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const requestLetter = useRequestLetter();
  const t = useTexts(RELIANCE_TEXTS);
  if (requestLetter.isSuccess) {
    return <p className="text-sm font-medium text-slate-700">{t.letterRequested}</p>;
  }
  return (
    <Button
      variant="secondary"
      disabled={requestLetter.isPending}
      onClick={() =>
        requestLetter.mutate(
          { code },
          {
            onSuccess: () => toast({ title: t.letterRequestedToast, description: t.letterRequested }),
            onError: (error) => showFailure(t.couldNotAskLetter, error),
          },
        )
      }
    >
      {requestLetter.isPending ? t.asking : t.askForLetter}
    </Button>
  );
}

/** Watching without relying: told of every change, with no loan recorded. */
function WatchOnly({ code }: { code: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const showFailure = useFailureToast();
  const watchCode = useWatchCode();
  const t = useTexts(RELIANCE_TEXTS);
  return (
    <Button
      variant="secondary"
      disabled={watchCode.isPending}
      onClick={() =>
        watchCode.mutate(
          { code },
          {
            onSuccess: () => {
              toast({ title: t.watchingToast, description: t.watchingToastText, keepAfterNavigation: true });
              void navigate("/portfolio");
            },
            onError: (error) => showFailure(t.couldNotWatch, error),
          },
        )
      }
    >
      {watchCode.isPending ? t.watching : t.watchOnly}
    </Button>
  );
}

/** Step two: the loan that relies on it. */
function RecordLoan({ check, onBack }: { check: RelianceCheck; onBack: () => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const recordReliance = useRecordReliance();
  const language = useLanguage();
  const t = useTexts(RELIANCE_TEXTS);
  // Checked by the schema, sent as typed (the amount's separators, the date as DD/MM/YYYY): the server parses it.
  const form = useForm<RecordRelianceInput>({
    resolver: zodResolver(recordRelianceSchema, undefined, { raw: true }),
    defaultValues: {
      code: check.code.token,
      reference: "",
      amount: "",
      reliedOn: todayDayMonthYear(),
      acknowledged: [],
    },
  });
  const { errors } = form.formState;
  const showFailure = useFormFailure(form.setError, ["reference", "amount", "reliedOn", "acknowledged"]);
  const submit = form.handleSubmit((input) => {
    // Every point the check raised is confirmed, one checkbox each, before anything is sent.
    const confirmed = input.acknowledged ?? [];
    if (check.mustConfirm.some((kind) => !confirmed.includes(kind))) {
      form.setError("acknowledged", { message: t.confirmEach });
      return;
    }
    recordReliance.mutate(input, {
      onSuccess: () => {
        toast({ title: t.relianceRecorded, description: t.relianceRecordedText, keepAfterNavigation: true });
        void navigate("/portfolio");
      },
      onError: (error) => showFailure(t.couldNotRecord, error),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {check.mustConfirm.length > 0 && (
        <fieldset
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3"
          aria-describedby="confirm-error"
        >
          <legend className="px-1 text-sm font-semibold text-amber-900">{t.beforeYouRely}</legend>
          {check.mustConfirm.map((kind) => (
            <label key={kind} className="flex items-start gap-2 text-sm text-amber-950">
              <input
                type="checkbox"
                value={kind}
                className="mt-0.5 size-4 shrink-0"
                {...form.register("acknowledged")}
              />
              <span>{acknowledgementText(kind, language)}</span>
            </label>
          ))}
          {errors.acknowledged && (
            <p id="confirm-error" role="alert" className="text-sm font-medium text-red-700">
              {errors.acknowledged.message}
            </p>
          )}
        </fieldset>
      )}
      <InputField label={t.loanReference} hint={t.loanReferenceHint} autoComplete="off" {...bound(form, "reference")} />
      <InputField
        label={t.amountLent(check.code.currency)}
        inputMode="decimal"
        autoComplete="off"
        {...bound(form, "amount")}
      />
      <InputField label={t.relianceDate} placeholder="DD/MM/YYYY" inputMode="numeric" {...bound(form, "reliedOn")} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={recordReliance.isPending}>
          {recordReliance.isPending ? t.recording : t.recordReliance}
        </Button>
        <WatchOnly code={check.code.token} />
        <Button variant="secondary" onClick={onBack}>
          {t.checkAnother}
        </Button>
      </div>
    </form>
  );
}

/**
 * /reliance/new (a lender's "Record reliance"): find the valuation, see its standing and what the
 * lender should know first, then record the loan that relies on it. `?code=` arrives from a
 * certificate's "Lender? Record reliance".
 */
export function RecordReliancePage() {
  const [params] = useSearchParams();
  const [check, setCheck] = useState<RelianceCheck | null>(null);
  const language = useLanguage();
  const t = useTexts(RELIANCE_TEXTS);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <PageTitle>{t.recordTitle}</PageTitle>
          <p className="mt-1 text-sm text-slate-600">{t.recordIntro}</p>
        </div>
        <LanguageSwitch />
      </div>
      <Card className="space-y-6 p-4 sm:p-6">
        {check ? (
          <>
            <ReliedCodeSummary check={check} />
            {check.letter ? (
              <p className="text-sm font-medium text-slate-700" data-letter={check.letter.state}>
                {letterLine(check.letter, t, LOCALES[language])}
              </p>
            ) : (
              check.warnings.some((warning) => warning.kind === "addressed-to-another") && (
                <AskForLetter code={check.code.token} />
              )
            )}
            <RecordLoan check={check} onBack={() => setCheck(null)} />
          </>
        ) : (
          <FindValuation initial={params.get("code") ?? ""} onChecked={setCheck} />
        )}
      </Card>
    </div>
  );
}
