import { CodeBatchPage } from "#web/features/codes/components/code-batch-page.tsx";
import { useValuers } from "#web/features/valuers/api/list-valuers.ts";

/** /create-qr/batch: the codes feature's CSV upload, its Signing Valuer column read against the valuers feature's list. */
export function CodeBatchRoute() {
  return <CodeBatchPage signingValuers={useValuers()} />;
}
