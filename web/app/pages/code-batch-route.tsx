import { CodeBatchPage } from "../../features/codes/components/code-batch-page";
import { useValuers } from "../../features/valuers/api/list-valuers";

/** /create-qr/batch: the codes feature's CSV upload, its Signing Valuer column read against the valuers feature's list. */
export function CodeBatchRoute() {
  return <CodeBatchPage signingValuers={useValuers()} />;
}
