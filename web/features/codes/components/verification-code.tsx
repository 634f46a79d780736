/**
 * The code a person types on /verify, shown under the QR image as it is printed under it: large,
 * monospace and spaced, so look-alike characters are told apart when read aloud or copied by hand.
 */
/** `code` as the API answers it, already printed form ("VS-7K3M-9Q2P-4H"). */
export function VerificationCode({ code }: { code: string }) {
  return (
    <div className="text-center">
      <p className="text-xs text-slate-500">Verification code</p>
      <p
        data-testid="verification-code"
        className="select-all font-mono text-lg font-semibold tracking-wider text-slate-900"
      >
        {code}
      </p>
    </div>
  );
}
