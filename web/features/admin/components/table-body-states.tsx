import type { ReactNode } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { TableBody, TableCell, TableRow } from "#web/components/ui/table.tsx";

interface TableBodyStatesProps<Row> {
  rows: Row[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  colSpan: number;
  /** "Loading users", "No users found", "Failed to load users". */
  loadingText: string;
  emptyText: string;
  errorText: string;
  children: (row: Row) => ReactNode;
}

function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="p-0">
        {children}
      </TableCell>
    </TableRow>
  );
}

/** A table body that shows loading, failure (with Retry) and empty states in place of rows. */
export function TableBodyStates<Row>({
  rows,
  isPending,
  isError,
  onRetry,
  colSpan,
  loadingText,
  emptyText,
  errorText,
  children,
}: TableBodyStatesProps<Row>) {
  let content: ReactNode;
  if (isPending) {
    content = (
      <MessageRow colSpan={colSpan}>
        <SkeletonRows label={loadingText} />
      </MessageRow>
    );
  } else if (isError || !rows) {
    content = (
      <MessageRow colSpan={colSpan}>
        <EmptyState
          title={<span role="alert">{errorText}</span>}
          action={
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Retry
            </Button>
          }
        />
      </MessageRow>
    );
  } else if (rows.length === 0) {
    content = (
      <MessageRow colSpan={colSpan}>
        <EmptyState title={emptyText} />
      </MessageRow>
    );
  } else {
    content = rows.map(children);
  }
  return <TableBody>{content}</TableBody>;
}
