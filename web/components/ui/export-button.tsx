import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { downloadBlob } from "#web/lib/download.ts";
import { Button } from "./button";
import { useFailureToast } from "./failure-toast";

/**
 * "Export CSV": asks the server for the file (an export route, with the screen's filters) and
 * saves it under the server's name. Pending while the file streams in.
 */
export function ExportCsvButton({
  download,
  fallbackName,
}: {
  download: () => Promise<{ blob: Blob; fileName: string | null }>;
  fallbackName: string;
}) {
  const showFailure = useFailureToast();
  const exportFile = useMutation({
    mutationFn: download,
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
