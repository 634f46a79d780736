import { useState } from "react";
import type { ScanEntry } from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { countedLabel, deviceLabel, placeLabel } from "../lib/scan-labels";

const FIRST_ROWS = 10;

/**
 * The latest visits of one code, newest first: the first ten, the rest on request. Link previews
 * and repeats are listed too, each saying why it did not add to the count.
 */
export function ScansTable({ scans }: { scans: ScanEntry[] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? scans : scans.slice(0, FIRST_ROWS);
  return (
    <div className="space-y-2">
      <Table caption="Latest scans, newest first" stackOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Time</TableHeaderCell>
            <TableHeaderCell>Place</TableHeaderCell>
            <TableHeaderCell>Device</TableHeaderCell>
            <TableHeaderCell>Counted</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((scan, index) => (
            <TableRow key={`${scan.at}-${index}`}>
              <TableCell label="Time" className="whitespace-nowrap">
                {formatDateTime(scan.at)}
              </TableCell>
              <TableCell label="Place">{placeLabel(scan)}</TableCell>
              <TableCell label="Device">{deviceLabel(scan.deviceClass)}</TableCell>
              <TableCell label="Counted">{countedLabel(scan)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {scans.length > FIRST_ROWS && (
        <Button variant="link" onClick={() => setShowAll(!showAll)}>
          {showAll ? "Show fewer" : `Show all ${scans.length} scans`}
        </Button>
      )}
    </div>
  );
}
