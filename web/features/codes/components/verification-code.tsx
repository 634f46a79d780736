import { formatVerificationCode } from "../../../../schema/verification-code";

/**
 * The code a person types on /verify, shown under the QR image as it is printed under it: large,
 * monospace and spaced, so look-alike characters are told apart when read aloud or copied by hand.
 */
export function VerificationCode({ code }: { code: string }) {
  return (
    <div className="text-center">
      <p className="text-xs text-slate-500">Verification code</p>
      <p
        data-testid="verification-code"
        className="select-all font-mono text-lg font-semibold tracking-wider text-slate-900"
      >
        {formatVerificationCode(code)}
      </p>
    </div>
  );
}
