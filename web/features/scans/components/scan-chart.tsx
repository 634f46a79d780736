import type { ScanDay } from "#schema/responses/index.ts";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { formatDate } from "#web/lib/format.ts";

type Day = ScanDay;

const WIDTH = 300;
const HEIGHT = 100;
const GAP = 2;

const scansText = (count: number) => `${count} ${count === 1 ? "scan" : "scans"}`;

/** What a screen reader hears instead of the bars: the total and the busiest day. */
function chartSummary(days: Day[]): string {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) return `No scans in the last ${days.length} days.`;
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best));
  return `${scansText(total)} in the last ${days.length} days; the busiest day was ${formatDate(busiest.date)} with ${scansText(busiest.count)}.`;
}

/**
 * Scans per day as plain SVG bars (no chart library), oldest day on the left. Each bar names its
 * day and count on hover; the summary and a table of the days with scans are the text alternative.
 */
export function ScanChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((day) => day.count));
  const slot = WIDTH / Math.max(days.length, 1);
  const withScans = days.filter((day) => day.count > 0);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-semibold text-slate-900">Scans per day, last {days.length} days</figcaption>
      <div className="flex gap-2">
        <div className="flex flex-col justify-between text-right text-xs text-slate-500" aria-hidden="true">
          <span>{max}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-32 w-full rounded border border-slate-200 bg-slate-50"
          role="img"
          aria-label={chartSummary(days)}
        >
          {days.map((day, index) => {
            const height = (day.count / max) * (HEIGHT - 4);
            return (
              <rect
                key={day.date}
                x={index * slot + GAP / 2}
                y={HEIGHT - height}
                width={slot - GAP}
                height={height}
                className="fill-brand-600"
              >
                <title>{`${formatDate(day.date)}: ${scansText(day.count)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {days.length > 0 && (
        <div className="flex justify-between pl-6 text-xs text-slate-500" aria-hidden="true">
          <span>{formatDate(days[0]!.date, "short")}</span>
          <span>{formatDate(days[days.length - 1]!.date, "short")}</span>
        </div>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700">Show the days with scans as a table</summary>
        {withScans.length === 0 ? (
          <p className="mt-2 text-slate-600">No scans in these days.</p>
        ) : (
          <Table caption="Scans per day, days with scans only" className="mt-2">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Day</TableHeaderCell>
                <TableHeaderCell>Scans</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {withScans.map((day) => (
                <TableRow key={day.date}>
                  <TableCell>{formatDate(day.date)}</TableCell>
                  <TableCell>{day.count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </details>
    </figure>
  );
}
