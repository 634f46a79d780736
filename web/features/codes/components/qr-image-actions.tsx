import { Copy, Download } from "lucide-react";
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { copyQrPng, downloadQrPng, downloadQrSvg, qrFileName, type QrImageSource } from "../lib/qr-image";

/** The texts differ between the create and detail pages, as the product's fixed texts say (docs/product.md). */
interface QrImageMessages {
  copied: string;
  downloaded: string;
  copyFailed: { title: string; description: string };
}

export const CREATE_PAGE_MESSAGES: QrImageMessages = {
  copied: "Copied!",
  downloaded: "Downloaded!",
  copyFailed: { title: "Copy failed", description: "Could not copy QR code to clipboard" },
};

export const DETAIL_PAGE_MESSAGES: QrImageMessages = {
  copied: "QR Code Copied",
  downloaded: "QR Code Downloaded",
  copyFailed: { title: "Copy Failed", description: "Failed to copy QR code. Please try downloading instead." },
};

interface Props {
  /** The server's SVG data URL and the code's verification code, printed under the QR. */
  source: QrImageSource;
  /** What the files are named after (qr-code-{stem}.png / .svg). */
  fileStem: string | number;
  messages: QrImageMessages;
  /** False for a revoked code: both actions become secondary, as the image should no longer be pasted anywhere. */
  primary?: boolean;
}

/**
 * Copy (PNG to the clipboard), Download (PNG file) and Download SVG (a vector for print layouts)
 * for one code image; each carries the verification code under the QR.
 */
export function QrImageActions({ source, fileStem, messages, primary = true }: Props) {
  const toast = useToast();
  const [busy, setBusy] = useState<"copy" | "download" | null>(null);
  const fileName = qrFileName(fileStem);

  const copy = async () => {
    setBusy("copy");
    try {
      await copyQrPng(source);
      toast({ title: messages.copied, description: "Paste it into your Word or PDF report." });
    } catch {
      toast({ ...messages.copyFailed, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    setBusy("download");
    try {
      await downloadQrPng(source, fileName);
      toast({ title: messages.downloaded, description: `Saved as ${fileName}` });
    } catch (error) {
      toast({ title: "Download failed", description: (error as Error).message, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const downloadSvg = () => {
    const svgName = qrFileName(fileStem, "svg");
    try {
      downloadQrSvg(source, svgName);
      toast({ title: messages.downloaded, description: `Saved as ${svgName}` });
    } catch (error) {
      toast({ title: "Download failed", description: (error as Error).message, variant: "destructive" });
    }
  };

  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button variant="secondary" onClick={copy} disabled={busy !== null}>
        <Copy aria-hidden="true" /> Copy
      </Button>
      <Button variant={primary ? "primary" : "secondary"} onClick={download} disabled={busy !== null}>
        <Download aria-hidden="true" /> Download
      </Button>
      <Button variant="secondary" onClick={downloadSvg} disabled={busy !== null}>
        <Download aria-hidden="true" /> Download SVG
      </Button>
    </div>
  );
}
