import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import type { SecurityOverview, TotpEnrolment } from "#schema/responses/index.ts";
import {
  addPasskeySchema,
  enrolFactorSchema,
  removeFactorSchema,
  type AddPasskeyInput,
  disableSecondFactorSchema,
  secondFactorCodeSchema,
  type EnrolFactorInput,
  type DisableSecondFactorInput,
  type RemoveFactorInput,
  type SecondFactorCodeInput,
} from "#schema/validation/security.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { showServerFieldErrors } from "#web/lib/field-errors.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useSession } from "#web/lib/session.ts";
import { useCurrentCompany } from "#web/lib/current-company.ts";
import {
  useAddPasskey,
  useConfirmTotp,
  useConfirmWithPasskey,
  useRemovePasskey,
  useDisableTotp,
  useEndSessions,
  useNewRecoveryCodes,
  useSecurityOverview,
  useStartTotp,
  useTeamSecurity,
} from "../api/security";

const REQUIRED_NOTICE = {
  administrator: "Administrators must use two-step sign-in: the admin screens open only after you set it up.",
  company: "Your company requires two-step sign-in: its screens open only after you set it up.",
} as const;

/** The ten one-time codes, shown once, for a lost phone. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" role="status">
      <p className="text-sm font-semibold text-amber-900">Save your recovery codes now</p>
      <p className="text-sm text-amber-900">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDone}>
        I have saved my codes
      </Button>
    </div>
  );
}

/** Step 2 of setting up: scan the QR code (or type the key) and confirm with a code from the app. */
function ConfirmTotpForm({ enrolment, onCodes }: { enrolment: TotpEnrolment; onCodes: (codes: string[]) => void }) {
  const confirm = useConfirmTotp();
  const showFailure = useFailureToast();
  const form = useForm<SecondFactorCodeInput>({
    resolver: zodResolver(secondFactorCodeSchema),
    defaultValues: { code: "" },
  });
  const submit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: ({ codes }) => onCodes(codes),
      onError: (error) => {
        if (!showServerFieldErrors(error, form.setError, ["code"]))
          showFailure("Failed to turn on two-step sign-in", error);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then enter
        the 6-digit code it shows.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {/* Our own server renders this SVG from the otpauth address: no user text reaches it. */}
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          className="h-44 w-44 shrink-0"
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
        <div className="min-w-0 text-sm text-slate-700">
          <p>Can't scan? Type this key into the app:</p>
          <p className="mt-1 font-mono break-all select-all" data-testid="totp-secret">
            {enrolment.secret}
          </p>
        </div>
      </div>
      <InputField label="Code from the app" autoComplete="one-time-code" inputMode="numeric" {...bound(form, "code")} />
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? "Checking..." : "Turn On Two-Step Sign-In"}
      </Button>
    </form>
  );
}

/**
 * Proof of a second factor already in force, asked with the password before adding or removing
 * one (decision 049): a code from the app or a recovery code, or, for a passkey, the browser's own
 * prompt just before (the server then accepts the change for five minutes without a code).
 */
function FactorProof({
  overview,
  field,
}: {
  overview: SecurityOverview;
  /** The code field, bound to its form (bound). */
  field: UseFormRegisterReturn<"code"> & { error?: string };
}) {
  const confirm = useConfirmWithPasskey();
  const showFailure = useFailureToast();
  if (!overview.twoStepEnabled) return null;
  return (
    <div className="space-y-2">
      {confirm.isSuccess ? (
        <p role="status" className="text-sm text-green-700">
          Confirmed with your passkey. Continue within five minutes.
        </p>
      ) : (
        <InputField
          label="Code from your authenticator app or a recovery code"
          autoComplete="one-time-code"
          {...field}
        />
      )}
      {overview.passkeys.length > 0 && !confirm.isSuccess && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={confirm.isPending}
          onClick={() =>
            confirm.mutate(undefined, { onError: (failure) => showFailure("Passkey not confirmed", failure) })
          }
        >
          {confirm.isPending ? "Waiting for the passkey..." : "Confirm with a Passkey Instead"}
        </Button>
      )}
    </div>
  );
}

/**
 * Step 1 of setting up: the password (and a factor already in force), so a borrowed session cannot
 * tie the account to its own app.
 */
function StartTotpForm({
  overview,
  onStarted,
}: {
  overview: SecurityOverview;
  onStarted: (enrolment: TotpEnrolment) => void;
}) {
  const start = useStartTotp();
  const showFailure = useFailureToast();
  const form = useForm<EnrolFactorInput>({
    resolver: zodResolver(enrolFactorSchema),
    defaultValues: { currentPassword: "", code: "" },
  });
  const submit = form.handleSubmit((values) =>
    start.mutate(values, {
      onSuccess: onStarted,
      onError: (error) => {
        if (!showServerFieldErrors(error, form.setError, ["currentPassword", "code"])) {
          showFailure("Failed to start two-step sign-in", error);
        }
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        label="Your password"
        type="password"
        autoComplete="current-password"
        {...bound(form, "currentPassword")}
      />
      <FactorProof overview={overview} field={bound(form, "code")} />
      <Button type="submit" disabled={start.isPending}>
        {start.isPending ? "Starting..." : "Set Up Two-Step Sign-In"}
      </Button>
    </form>
  );
}

/** With it on: new recovery codes for a code, or turning it off with the password and a code. */
function ManageTotp({ overview, onCodes }: { overview: SecurityOverview; onCodes: (codes: string[]) => void }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const disable = useDisableTotp();
  const newCodes = useNewRecoveryCodes();
  const codesForm = useForm<SecondFactorCodeInput>({
    resolver: zodResolver(secondFactorCodeSchema),
    defaultValues: { code: "" },
  });
  const offForm = useForm<DisableSecondFactorInput>({
    resolver: zodResolver(disableSecondFactorSchema),
    defaultValues: { currentPassword: "", code: "" },
  });
  const renew = codesForm.handleSubmit((values) =>
    newCodes.mutate(values, {
      onSuccess: ({ codes }) => {
        codesForm.reset();
        onCodes(codes);
      },
      onError: (error) => {
        if (!showServerFieldErrors(error, codesForm.setError, ["code"])) showFailure("Failed to make new codes", error);
      },
    }),
  );
  const turnOff = offForm.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: ({ message }) => toast({ title: message }),
      onError: (error) => {
        if (!showServerFieldErrors(error, offForm.setError, ["currentPassword", "code"])) {
          showFailure("Failed to turn off two-step sign-in", error);
        }
      },
    }),
  );
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">
        Your authenticator app is set up. {overview.recoveryCodesLeft} of 10 recovery codes left.
      </p>
      <form onSubmit={renew} noValidate className="space-y-3">
        <InputField
          label="Code from the app, for new recovery codes"
          autoComplete="one-time-code"
          {...bound(codesForm, "code")}
        />
        <Button type="submit" variant="secondary" disabled={newCodes.isPending}>
          Make New Recovery Codes
        </Button>
      </form>
      {overview.requiredBy === null && (
        <form onSubmit={turnOff} noValidate className="space-y-3 border-t border-line pt-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label="Your password"
              type="password"
              autoComplete="current-password"
              {...bound(offForm, "currentPassword")}
            />
            <InputField label="Code from the app" autoComplete="one-time-code" {...bound(offForm, "code")} />
          </div>
          <Button type="submit" variant="dangerOutline" disabled={disable.isPending}>
            Turn Off Two-Step Sign-In
          </Button>
        </form>
      )}
    </div>
  );
}

/** The authenticator app: set up in two steps, or managed once on. */
function AuthenticatorApp({ overview, onCodes }: { overview: SecurityOverview; onCodes: (codes: string[]) => void }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  if (overview.totpEnabled) return <ManageTotp overview={overview} onCodes={onCodes} />;
  if (enrolment) {
    return (
      <ConfirmTotpForm
        enrolment={enrolment}
        onCodes={(made) => {
          setEnrolment(null);
          onCodes(made);
        }}
      />
    );
  }
  return <StartTotpForm overview={overview} onStarted={setEnrolment} />;
}

/** Passkeys: the user's list, and adding one with the password (the browser asks for the key itself). */
function Passkeys({ overview, onCodes }: { overview: SecurityOverview; onCodes: (codes: string[]) => void }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const addPasskey = useAddPasskey();
  const [removing, setRemoving] = useState<SecurityOverview["passkeys"][number] | null>(null);
  const form = useForm<AddPasskeyInput>({
    resolver: zodResolver(addPasskeySchema),
    defaultValues: { name: "", currentPassword: "", code: "" },
  });
  const submit = form.handleSubmit((values) =>
    addPasskey.mutate(values, {
      onSuccess: ({ passkey, recoveryCodes }) => {
        form.reset();
        toast({ title: "Passkey added", description: passkey.name });
        if (recoveryCodes) onCodes(recoveryCodes);
      },
      onError: (error) => {
        if (!showServerFieldErrors(error, form.setError, ["currentPassword", "code", "name"])) {
          showFailure("Failed to add the passkey", error);
        }
      },
    }),
  );
  return (
    <div className="space-y-3 border-t border-line pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Passkeys</h3>
      <p className="text-sm text-slate-600">
        A passkey on this phone or computer (its fingerprint, face or PIN), or a security key, instead of typing a code.
      </p>
      {overview.passkeys.length > 0 && (
        <ul aria-label="Passkeys" className="divide-y divide-line rounded-lg border border-line">
          {overview.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{passkey.name}</p>
                <p className="text-slate-600">
                  Added {formatDateTime(passkey.createdAt)}
                  {passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : " · not used yet"}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Remove passkey ${passkey.name}`}
                onClick={() => setRemoving(passkey)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {removing && <RemovePasskeyForm overview={overview} passkey={removing} onDone={() => setRemoving(null)} />}
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Passkey name" placeholder="Work laptop" maxLength={100} {...bound(form, "name")} />
          <InputField
            label="Your password, to add a passkey"
            type="password"
            autoComplete="current-password"
            {...bound(form, "currentPassword")}
          />
        </div>
        <FactorProof overview={overview} field={bound(form, "code")} />
        <Button type="submit" variant="secondary" disabled={addPasskey.isPending}>
          {addPasskey.isPending ? "Waiting for the passkey..." : "Add a Passkey"}
        </Button>
      </form>
    </div>
  );
}

/**
 * Removing a passkey asks for the password and a current factor, and says what follows when it is
 * the last one: two-step sign-in goes off with it.
 */
function RemovePasskeyForm({
  overview,
  passkey,
  onDone,
}: {
  overview: SecurityOverview;
  passkey: SecurityOverview["passkeys"][number];
  onDone: () => void;
}) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const remove = useRemovePasskey();
  const form = useForm<RemoveFactorInput>({
    resolver: zodResolver(removeFactorSchema),
    defaultValues: { currentPassword: "", code: "" },
  });
  const last = !overview.totpEnabled && overview.passkeys.length === 1;
  const submit = form.handleSubmit((values) =>
    remove.mutate(
      { id: passkey.id, ...values },
      {
        onSuccess: ({ message }) => {
          toast({ title: message, description: passkey.name });
          onDone();
        },
        onError: (error) => {
          if (!showServerFieldErrors(error, form.setError, ["currentPassword", "code"]))
            showFailure("Failed to remove the passkey", error);
        },
      },
    ),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Remove passkey ${passkey.name}`}
      className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4"
    >
      <p className="text-sm font-semibold text-red-900">Remove the passkey “{passkey.name}”?</p>
      {last && (
        <p className="text-sm text-red-900">
          It is your only second factor: two-step sign-in turns off, and a stolen password alone could then sign in.
        </p>
      )}
      <InputField
        label="Your password"
        type="password"
        autoComplete="current-password"
        {...bound(form, "currentPassword")}
      />
      <FactorProof overview={overview} field={bound(form, "code")} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="dangerOutline" disabled={remove.isPending}>
          {remove.isPending ? "Removing..." : "Remove Passkey"}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Keep It
        </Button>
      </div>
    </form>
  );
}

function TwoStepSignIn({ overview }: { overview: SecurityOverview }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodeList codes={codes} onDone={() => setCodes(null)} />;
  return (
    <div className="space-y-4">
      {overview.requiredBy && !overview.twoStepEnabled && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {REQUIRED_NOTICE[overview.requiredBy]}
        </p>
      )}
      {!overview.twoStepEnabled && (
        <p className="text-sm text-slate-700">
          Two-step sign-in is <strong>off</strong>. With it on, signing in needs your phone or a passkey as well as your
          password, so a stolen password alone cannot issue certificates in your firm's name.
        </p>
      )}
      <h3 className="text-sm font-semibold text-slate-900">Authenticator app</h3>
      <AuthenticatorApp overview={overview} onCodes={setCodes} />
      <Passkeys overview={overview} onCodes={setCodes} />
    </div>
  );
}

/** The owner's switch: everyone in the company must use two-step sign-in. */
function TeamRule() {
  const company = useCurrentCompany();
  const teamSecurity = useTeamSecurity();
  const showFailure = useFailureToast();
  if (!company.data) return null;
  return (
    <div className="flex items-start justify-between gap-4 border-t border-line pt-4">
      <div>
        <p className="text-sm font-medium text-slate-900">Require two-step sign-in for the whole team</p>
        <p className="text-sm text-slate-600">
          Members without it see nothing of {company.data.name} until they set it up.
        </p>
      </div>
      <Switch
        label="Require two-step sign-in for the whole team"
        checked={company.data.requireSecondFactor}
        disabled={teamSecurity.isPending}
        onCheckedChange={(requireSecondFactor) =>
          teamSecurity.mutate(
            { requireSecondFactor },
            { onError: (error) => showFailure("Failed to change the team's sign-in rule", error) },
          )
        }
      />
    </div>
  );
}

function SessionList({ overview }: { overview: SecurityOverview }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const endSessions = useEndSessions();
  const others = overview.sessions.filter((session) => !session.current);
  const end = (which: { handle: string } | "others") =>
    endSessions.mutate(which, {
      onSuccess: ({ message }) => toast({ title: message }),
      onError: (error) => showFailure("Failed to sign out", error),
    });
  return (
    <div className="space-y-3 border-t border-line pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Where you are signed in</h3>
      <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Signed-in sessions">
        {overview.sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {session.device}
                {session.current && <span className="ml-2 text-xs font-semibold text-green-700">This device</span>}
              </p>
              <p className="text-slate-600">
                {session.place ? `${session.place} · ` : ""}Last used {formatDateTime(session.lastUsedAt)}
                {session.secondFactor ? " · with a code" : ""}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="secondary"
                size="sm"
                disabled={endSessions.isPending}
                onClick={() => end({ handle: session.id })}
                aria-label={`Sign out ${session.device}, last used ${formatDateTime(session.lastUsedAt)}`}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <Button variant="dangerOutline" disabled={endSessions.isPending} onClick={() => end("others")}>
          Sign Out All Other Sessions
        </Button>
      )}
    </div>
  );
}

/** Profile → Security: two-step sign-in, the owner's team rule, and the signed-in sessions. */
export function SecuritySection() {
  const overview = useSecurityOverview();
  const { isOwner } = useSession();
  return (
    <SectionCard
      title="Security"
      description="Two-step sign-in with an authenticator app, and the devices signed in to your account."
    >
      <div id="security" className="space-y-4">
        <QueryContent
          query={overview}
          loadingLabel="Loading your security settings..."
          failureTitle="Failed to load security settings"
        >
          {(data) => (
            <>
              <TwoStepSignIn overview={data} />
              {isOwner && data.twoStepEnabled && <TeamRule />}
              <SessionList overview={data} />
            </>
          )}
        </QueryContent>
      </div>
    </SectionCard>
  );
}
