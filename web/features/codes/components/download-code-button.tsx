import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { codeQuery } from "../api/get-code";
import { downloadQrPng, qrFileName } from "../lib/qr-image";

/** A list row's Download: lists carry no image, so the code is read (or taken from the cache) first. */
export function DownloadCodeButton({ id, label }: { id: number; label: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const code = await queryClient.fetchQuery(codeQuery(id));
      const fileName = qrFileName(code.id);
      await downloadQrPng({ svgDataUrl: code.qrCodeDataUrl, verificationCode: code.verificationCode }, fileName);
      toast({ title: "Downloaded!", description: `Saved as ${fileName}` });
    } catch (error) {
      toast({ title: "Download failed", description: (error as Error).message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={download}
      disabled={busy}
      aria-label={`Download QR code for ${label}`}
    >
      Download
    </Button>
  );
}
