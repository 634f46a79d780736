import { FileCheck2 } from "lucide-react";
import { useState } from "react";
import type { QrCode } from "#schema/responses/index.ts";
import { Button, type ButtonProps } from "#web/components/ui/button.tsx";
import { SealReportDialog } from "./seal-report-dialog";

/** "Seal report PDF", on a code's detail page and right after a code is generated; a revoked code cannot be sealed. */
export function SealReportButton({ code, variant = "primary" }: { code: QrCode; variant?: ButtonProps["variant"] }) {
  const [open, setOpen] = useState(false);
  if (code.revokedAt) return null;
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        <FileCheck2 aria-hidden="true" />
        Seal report PDF
      </Button>
      {open && <SealReportDialog code={code} open={open} onOpenChange={setOpen} />}
    </>
  );
}
