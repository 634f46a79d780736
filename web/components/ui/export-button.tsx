import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { apiDownload } from "../../lib/api-client";
import { downloadBlob } from "../../lib/download";
import { Button } from "./button";
import { useFailureToast } from "./failure-toast";

/**
 * "Export CSV": asks the server for the file at `path` (an export route, with the screen's filters)
 * and saves it under the server's name. Pending while the file streams in.
 */
export function ExportCsvButton({ path, fallbackName }: { path: string; fallbackName: string }) {
  const showFailure = useFailureToast();
  const exportFile = useMutation({
    mutationFn: () => apiDownload(path),
    onSuccess: ({ blob, fileName }) => downloadBlob(blob, fileName ?? fallbackName),
    onError: (error) => showFailure("Export failed", error),
  });
  return (
    <Button variant="secondary" size="sm" disabled={exportFile.isPending} onClick={() => exportFile.mutate()}>
      <Download aria-hidden="true" />
      {exportFile.isPending ? "Exporting..." : "Export CSV"}
    </Button>
  );
}
