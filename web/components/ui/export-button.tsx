import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { downloadBlob } from "#web/lib/download.ts";
import { Button } from "./button";
import { useFailureToast } from "./failure-toast";

/**
 * "Export CSV", "Download my data": asks the server for the file (an export route, with the screen's filters) and
 * saves it under the server's name. Pending while the file streams in.
 */
export function ExportButton({
  download,
  fallbackName,
  label = "Export CSV",
  variant = "secondary",
  size = "sm",
}: {
  download: () => Promise<{ blob: Blob; fileName: string | null }>;
  fallbackName: string;
  /** What the button says until pressed ("Export CSV", "Download my data"). */
  label?: string;
  variant?: "secondary" | "primary";
  size?: "sm" | "md";
}) {
  const showFailure = useFailureToast();
  const exportFile = useMutation({
    mutationFn: download,
    onSuccess: ({ blob, fileName }) => downloadBlob(blob, fileName ?? fallbackName),
    onError: (error) => showFailure("Export failed", error),
  });
  return (
    <Button variant={variant} size={size} disabled={exportFile.isPending} onClick={() => exportFile.mutate()}>
      <Download aria-hidden="true" />
      {exportFile.isPending ? "Exporting..." : label}
    </Button>
  );
}
