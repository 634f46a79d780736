import { defaultCurrencyFor } from "#schema/limits/codes.ts";
import { CreateCodePage } from "#web/features/codes/components/create-code-page.tsx";
import { SealReportButton } from "#web/features/seals/components/seal-report-button.tsx";
import { useCreditBalance } from "#web/features/billing/api/billing.ts";
import { useCurrentCompany } from "#web/lib/current-company.ts";
import { useValuers } from "#web/features/valuers/api/list-valuers.ts";

/**
 * /create-qr: the codes feature's form, signed by one of the valuers feature's valuers; a code just
 * generated can seal its report at once. The company's validity period names the default Valid Until.
 */
export function CreateCodeRoute() {
  const company = useCurrentCompany();
  const balance = useCreditBalance();
  return (
    <CreateCodePage
      signingValuers={useValuers()}
      validityDays={company.data?.validityDays}
      defaultCurrency={company.data && defaultCurrencyFor(company.data.timeZone)}
      issuerStanding={
        company.data && {
          verificationStatus: company.data.verificationStatus,
          registrationSubmitted: company.data.registrationNumber !== null,
        }
      }
      credits={{ balance: balance.data, spent: () => void balance.refetch() }}
      afterGenerated={(code) => <SealReportButton code={code} variant="secondary" />}
    />
  );
}
