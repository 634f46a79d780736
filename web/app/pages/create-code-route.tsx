import { CreateCodePage } from "../../features/codes/components/create-code-page";
import { SealReportButton } from "../../features/seals/components/seal-report-button";
import { useValuers } from "../../features/valuers/api/list-valuers";

/**
 * /create-qr: the codes feature's form, signed by one of the valuers feature's valuers; a code just
 * generated can seal its report at once.
 */
export function CreateCodeRoute() {
  return (
    <CreateCodePage
      signingValuers={useValuers()}
      afterGenerated={(code) => <SealReportButton code={code} variant="secondary" />}
    />
  );
}
