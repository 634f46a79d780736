import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { acknowledgementText } from "../../../../schema/reliance-acknowledgements";
import type { RelianceCheck } from "../../../../schema/responses";
import {
  recordRelianceSchema,
  relianceCheckSchema,
  type RecordRelianceInput,
  type RelianceCheckInput,
} from "../../../../schema/validation/reliances";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useFailureToast, useFormFailure } from "../../../components/ui/failure-toast";
import { InputField } from "../../../components/ui/field";
import { PageTitle } from "../../../components/ui/page-title";
import { useToast } from "../../../components/ui/toast";
import { formatDate, todayDayMonthYear } from "../../../lib/format";
import { useCheckReliance, useRecordReliance, useRequestLetter, useWatchCode } from "../api/reliances";
import { ReliedCodeSummary } from "./relied-code-summary";

/** Step one: the valuation, by the verification code printed on the report or its scanned address. */
function FindValuation({ initial, onChecked }: { initial: string; onChecked: (check: RelianceCheck) => void }) {
  const checkReliance = useCheckReliance();
  const form = useForm<RelianceCheckInput>({
    resolver: zodResolver(relianceCheckSchema),
    defaultValues: { code: initial },
  });
  const showFailure = useFormFailure(form.setError, ["code"]);
  const submit = form.handleSubmit((input) =>
    checkReliance.mutate(input, {
      onSuccess: onChecked,
      onError: (error) => showFailure("Could not check the valuation", error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        label="Verification Code"
        placeholder="VS-7K3M-9Q2P-4H"
        hint="As printed on the report, or the code from its QR address"
        autoComplete="off"
        error={form.formState.errors.code?.message}
        {...form.register("code")}
      />
      <Button type="submit" disabled={checkReliance.isPending}>
        {checkReliance.isPending ? "Checking..." : "Check valuation"}
      </Button>
    </form>
  );
}

/** Where the lender's own request for a letter stands. */
function letterLine(letter: NonNullable<RelianceCheck["letter"]>) {
  if (letter.state === "granted") {
    return `The issuer extended reliance to your institution until ${formatDate(letter.relianceUntil)}.`;
  }
  if (letter.state === "declined") {
    return `The issuer declined your request for a reliance letter${letter.reason ? `: ${letter.reason}` : ""}.`;
  }
  return `Reliance letter requested on ${formatDate(letter.requestedAt)}. You will be told when the issuer answers.`;
}

/**
 * A valuation addressed to another institution needs a reliance letter from its issuer: one click
 * asks for it (and watches the valuation); the issuer's answer arrives by email and in the Portfolio.
 */
function AskForLetter({ code }: { code: string }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const requestLetter = useRequestLetter();
  if (requestLetter.isSuccess) {
    return (
      <p className="text-sm font-medium text-slate-700">
        Reliance letter requested. You will be told when the issuer answers.
      </p>
    );
  }
  return (
    <Button
      variant="secondary"
      disabled={requestLetter.isPending}
      onClick={() =>
        requestLetter.mutate(
          { code },
          {
            onSuccess: (answer) => toast({ title: "Reliance letter requested", description: answer.message }),
            onError: (error) => showFailure("Could not ask for a reliance letter", error),
          },
        )
      }
    >
      {requestLetter.isPending ? "Asking..." : "Ask the issuer for a reliance letter"}
    </Button>
  );
}

/** Watching without relying: told of every change, with no loan recorded. */
function WatchOnly({ code }: { code: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const showFailure = useFailureToast();
  const watchCode = useWatchCode();
  return (
    <Button
      variant="secondary"
      disabled={watchCode.isPending}
      onClick={() =>
        watchCode.mutate(
          { code },
          {
            onSuccess: () => {
              toast({
                title: "Watching the valuation",
                description: "You will be told if it is revoked, replaced or expires.",
                keepAfterNavigation: true,
              });
              navigate("/portfolio");
            },
            onError: (error) => showFailure("Could not watch the valuation", error),
          },
        )
      }
    >
      {watchCode.isPending ? "Watching..." : "Watch without relying"}
    </Button>
  );
}

/** Step two: the loan that relies on it. */
function RecordLoan({ check, onBack }: { check: RelianceCheck; onBack: () => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const recordReliance = useRecordReliance();
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
      form.setError("acknowledged", { message: "Tick each point to confirm you rely on this valuation anyway" });
      return;
    }
    recordReliance.mutate(input, {
      onSuccess: () => {
        toast({
          title: "Reliance recorded",
          description: "The valuation is in your portfolio.",
          keepAfterNavigation: true,
        });
        navigate("/portfolio");
      },
      onError: (error) => showFailure("Could not record reliance", error),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {check.mustConfirm.length > 0 && (
        <fieldset
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3"
          aria-describedby="confirm-error"
        >
          <legend className="px-1 text-sm font-semibold text-amber-900">Before you rely on it, confirm</legend>
          {check.mustConfirm.map((kind) => (
            <label key={kind} className="flex items-start gap-2 text-sm text-amber-950">
              <input
                type="checkbox"
                value={kind}
                className="mt-0.5 size-4 shrink-0"
                {...form.register("acknowledged")}
              />
              <span>{acknowledgementText(kind)}</span>
            </label>
          ))}
          {errors.acknowledged && (
            <p id="confirm-error" role="alert" className="text-sm font-medium text-red-700">
              {errors.acknowledged.message}
            </p>
          )}
        </fieldset>
      )}
      <InputField
        label="Loan or Facility Reference"
        hint="Kept by ValuSeal only in a form that cannot be read back; shown to you masked"
        autoComplete="off"
        error={errors.reference?.message}
        {...form.register("reference")}
      />
      <InputField
        label={`Amount Lent (${check.code.currency})`}
        inputMode="decimal"
        autoComplete="off"
        error={errors.amount?.message}
        {...form.register("amount")}
      />
      <InputField
        label="Date of Reliance"
        placeholder="DD/MM/YYYY"
        inputMode="numeric"
        error={errors.reliedOn?.message}
        {...form.register("reliedOn")}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={recordReliance.isPending}>
          {recordReliance.isPending ? "Recording..." : "Record reliance"}
        </Button>
        <WatchOnly code={check.code.token} />
        <Button variant="secondary" onClick={onBack}>
          Check another valuation
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
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <PageTitle>Record Reliance</PageTitle>
        <p className="mt-1 text-sm text-slate-600">
          Record that a loan relies on a valuation: you are told if it is revoked, replaced or expires.
        </p>
      </div>
      <Card className="space-y-6 p-4 sm:p-6">
        {check ? (
          <>
            <ReliedCodeSummary check={check} />
            {check.letter ? (
              <p className="text-sm font-medium text-slate-700" data-letter={check.letter.state}>
                {letterLine(check.letter)}
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
