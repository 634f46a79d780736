import { Link } from "react-router";
import type { QrCode } from "#schema/responses/index.ts";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { formatDate, formatMoney } from "#web/lib/format.ts";
import { codeReferenceLine, codeTitle } from "../lib/describe-code";
import { CodeStatusBadge, ScanVerdict } from "./code-status-badge";
import { DownloadCodeButton } from "./download-code-button";

function CodeHistoryRow({ code }: { code: QrCode }) {
  const title = codeTitle(code);
  const reference = codeReferenceLine(code);
  return (
    <TableRow>
      <TableCell label="Property Details" className="sm:min-w-56">
        <p className="font-medium text-slate-900">{title}</p>
        <p className="text-xs text-slate-500">
          {code.propertyType}
          {reference && ` · ${reference}`}
        </p>
      </TableCell>
      <TableCell label="Valuation Date" className="whitespace-nowrap">
        {formatDate(code.valuationDate, "short")}
      </TableCell>
      <TableCell label="Market Value" className="whitespace-nowrap">
        {formatMoney(code.marketValue, code.currency)}
      </TableCell>
      <TableCell label="Status">
        <CodeStatusBadge status={code.status} />
        <ScanVerdict code={code} className="mt-1" />
      </TableCell>
      <TableCell label="Actions">
        <div className="flex items-center gap-2">
          <Link
            to={`/qr/${code.id}`}
            aria-label={`View ${title}`}
            className="rounded-control px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            View
          </Link>
          <DownloadCodeButton id={code.id} label={title} />
        </div>
      </TableCell>
    </TableRow>
  );
}

/** The QR History table, newest first; on phones each code is a labelled card. */
export function CodeHistoryTable({ codes }: { codes: QrCode[] }) {
  return (
    <Table caption="QR codes, newest first" stackOnPhone>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Property Details</TableHeaderCell>
          <TableHeaderCell>Valuation Date</TableHeaderCell>
          <TableHeaderCell>Market Value</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Actions</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {codes.map((code) => (
          <CodeHistoryRow key={code.id} code={code} />
        ))}
      </TableBody>
    </Table>
  );
}
