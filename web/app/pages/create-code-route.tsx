import { CreateCodePage } from "../../features/codes/components/create-code-page";
import { useValuers } from "../../features/valuers/api/list-valuers";

/** /create-qr: the codes feature's form, signed by one of the valuers feature's valuers. */
export function CreateCodeRoute() {
  return <CreateCodePage signingValuers={useValuers()} />;
}
