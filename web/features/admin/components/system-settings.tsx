import { Card } from "#web/components/ui/card.tsx";
import { AUDIT_LOG_PAGE_SIZE } from "#schema/validation/admin.ts";
import { AuditLogTable } from "./audit-log-table";
import { SigningKeysCard } from "./signing-keys-card";

/** /admin/settings: the platform settings that exist (its signing keys) and the full audit log. */
export function SystemSettings() {
  return (
    <>
      <SigningKeysCard />
      <Card>
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold text-slate-900">Audit Log</h2>
          <p className="text-sm text-slate-600">Every change made by an administrator, newest first.</p>
        </div>
        <AuditLogTable pageSize={AUDIT_LOG_PAGE_SIZE} paginated />
      </Card>
    </>
  );
}
