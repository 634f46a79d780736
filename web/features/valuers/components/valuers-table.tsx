import type { Valuer } from "#schema/responses/index.ts";
import { StatusBadge } from "#web/components/ui/status-badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import type { valuerRegisterAnswer } from "#schema/responses/index.ts";
import type { z } from "zod";
import { RegisterCheck } from "./register-check";
import { ValuerRowActions } from "./valuer-row-actions";

interface Props {
  valuers: Valuer[];
  /** Each valuer's register check, once loaded. */
  standings: z.infer<typeof valuerRegisterAnswer>["valuers"] | undefined;
  /** Only the company owner sees the Actions column. */
  canManage: boolean;
  onEdit: (valuer: Valuer) => void;
}

function ValuerStatusBadge({ isActive }: { isActive: boolean }) {
  return <StatusBadge status={isActive ? "active" : "inactive"} />;
}

export function ValuersTable({ valuers, standings, canManage, onEdit }: Props) {
  return (
    <Table caption="Company valuers" stackOnPhone>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Phone</TableHeaderCell>
          <TableHeaderCell>Qualification</TableHeaderCell>
          <TableHeaderCell>Registration number</TableHeaderCell>
          <TableHeaderCell>Register check</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          {canManage && <TableHeaderCell className="text-right">Actions</TableHeaderCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {valuers.map((valuer) => (
          <TableRow key={valuer.id}>
            <TableCell label="Name" className="font-medium text-slate-900">
              {valuer.name}
            </TableCell>
            <TableCell label="Phone" className="whitespace-nowrap">
              {valuer.phone || "—"}
            </TableCell>
            <TableCell label="Qualification">{valuer.qualification || "—"}</TableCell>
            <TableCell label="Registration number" className="[overflow-wrap:anywhere]">
              {valuer.registrationNumber || "—"}
            </TableCell>
            <TableCell label="Register check" className="min-w-56">
              <RegisterCheck
                valuer={valuer}
                standing={standings?.find((standing) => standing.valuerId === valuer.id)}
                canManage={canManage}
              />
            </TableCell>
            <TableCell label="Status">
              <ValuerStatusBadge isActive={valuer.isActive} />
            </TableCell>
            {canManage && (
              <TableCell label="Actions">
                <ValuerRowActions valuer={valuer} onEdit={() => onEdit(valuer)} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
