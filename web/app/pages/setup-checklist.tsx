import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "react-router";
import { COMPANY_SETTINGS_PATHS } from "#schema/app-paths.ts";
import { buttonClasses } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";
import { useSession } from "#web/lib/session.ts";
import { useCodeStats } from "#web/features/codes/api/code-stats.ts";
import { useCurrentCompany } from "#web/lib/current-company.ts";
import { useValuers } from "#web/features/valuers/api/list-valuers.ts";

interface Step {
  title: string;
  done: boolean;
  /** What the step means, or where it stands once done. */
  detail: string;
  action: { label: string; to: string };
}

/**
 * The owner's way from a new account to a first sealed report, on the dashboard: confirm the email,
 * add a valuer, submit the firm's registration for verification, create the first code, seal its
 * report. Each step ticks itself from the data that proves it and links to where it is done; the
 * list goes away once all are done. Members see nothing: these steps are the owner's.
 */
export function SetupChecklist() {
  const { user, isOwner } = useSession();
  const valuers = useValuers();
  const company = useCurrentCompany();
  const stats = useCodeStats();
  if (!user || !isOwner || !valuers.data || !company.data || !stats.data) return null;

  const registration = company.data;
  const registrationSubmitted = registration.registrationNumber !== null;
  const verificationDetail = {
    verified: "ValuSeal verified your firm: your certificates read “Verified Authentic”.",
    pending: registrationSubmitted
      ? "Submitted: ValuSeal is checking it. Until then your certificates say the issuer is not verified."
      : "ValuSeal checks your professional registration before your certificates read “Verified Authentic”.",
    rejected: `ValuSeal could not verify it${registration.verificationNote ? `: ${registration.verificationNote}` : ""}.`,
  }[registration.verificationStatus];

  const steps: Step[] = [
    {
      title: "Confirm your email",
      done: user.emailVerified,
      detail: user.emailVerified
        ? `Confirmed: ${user.email}.`
        : `Follow the link we sent to ${user.email}. Codes can be created once it is confirmed.`,
      action: { label: "Email settings", to: "/settings/profile" },
    },
    {
      title: "Add a valuer",
      done: valuers.data.some((valuer) => valuer.isActive),
      detail: "Every certificate names the valuer who signed the report.",
      action: { label: "Add a valuer", to: "/valuers" },
    },
    {
      title: "Submit your firm's registration for verification",
      done: registrationSubmitted && registration.verificationStatus !== "rejected",
      detail: verificationDetail,
      action: { label: "Submit registration", to: COMPANY_SETTINGS_PATHS.verification },
    },
    {
      title: "Create your first code",
      done: stats.data.totalQRCodes > 0,
      detail:
        registration.verificationStatus === "verified"
          ? "One code per report, with the property, the value and the signing valuer."
          : "One code per report. Best after ValuSeal has verified your firm: a code created before reads “Issued before ValuSeal verified this firm” until ValuSeal confirms it.",
      action: { label: "Create a code", to: "/create-qr" },
    },
    {
      title: "Seal the report",
      done: stats.data.hasSealedReport,
      detail: "Seal the report's PDF with its code, so anyone can check a copy page by page.",
      action: { label: "Choose a code to seal", to: "/qr-history" },
    },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  if (doneCount === steps.length) return null;

  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="setup-checklist-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="setup-checklist-title" className="text-lg font-semibold text-slate-900">
            Get set up
          </h2>
          <p className="text-sm text-slate-600">
            {doneCount} of {steps.length} done
          </p>
        </div>
        <ol aria-label="Setup steps" className="mt-4 divide-y divide-slate-100">
          {steps.map((step) => (
            <li key={step.title} className="flex flex-wrap items-start gap-3 py-3 sm:flex-nowrap">
              {step.done ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-300" />
              )}
              {/* At least 12rem of text: on a phone the step's button goes under it rather than squeeze it. */}
              <div className="min-w-48 flex-1">
                <p className={cn("font-medium", step.done ? "text-slate-500" : "text-slate-900")}>
                  {step.title}
                  <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
                </p>
                <p className="text-sm text-slate-600">{step.detail}</p>
              </div>
              {!step.done && (
                <Link
                  to={step.action.to}
                  className={buttonClasses({ variant: "secondary", size: "sm", className: "max-sm:ml-8" })}
                >
                  {step.action.label}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
