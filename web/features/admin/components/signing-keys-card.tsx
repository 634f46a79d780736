import { useState, type FormEvent } from "react";
import type { PublishedKey } from "#schema/signed-records.ts";
import { keyCompromiseSchema } from "#schema/validation/transparency.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { InputField } from "#web/components/ui/field.tsx";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useMarkKeyCompromised, useSigningKeys } from "../api/signing-keys";
import { TableBodyStates } from "./table-body-states";

/** "2026-11-27T14:05" in the admin's own time zone: what a datetime-local field shows and takes. */
function localDateTime(date: Date) {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function keyStatus(key: PublishedKey) {
  if (key.compromised_at) return `Compromised since ${formatDateTime(key.compromised_at)}`;
  return key.stopped_at ? "Retired" : "Signing now";
}

/**
 * Asks when the key may first have been in other hands (the admin's local time, sent as ISO 8601 and
 * checked with the server's schema): every record it signed from then on is refused by every verifier.
 */
function CompromiseForm({ signingKey, onDone }: { signingKey: PublishedKey; onDone: () => void }) {
  const markCompromised = useMarkKeyCompromised();
  const [since, setSince] = useState(() => localDateTime(new Date()));
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const compromisedAt = since ? new Date(since).toISOString() : "";
    const parsed = keyCompromiseSchema.safeParse({ compromisedAt });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter a time");
      return;
    }
    markCompromised.mutate({ kid: signingKey.kid, ...parsed.data }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        label="Compromised since (your local time)"
        type="datetime-local"
        value={since}
        max={localDateTime(new Date())}
        onChange={(event) => {
          setSince(event.target.value);
          setError(undefined);
        }}
        error={error}
        hint="The earliest time someone else may have held the key. If unsure, choose an earlier time."
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={markCompromised.isPending}>
          {markCompromised.isPending ? "Saving..." : "Mark Compromised"}
        </Button>
      </div>
    </form>
  );
}

/**
 * The platform's signing keys, as /.well-known/jwks.json publishes them: when each signed, whether it
 * still does, and the one irreversible setting an administrator has over them, a compromise.
 */
export function SigningKeysCard() {
  const keys = useSigningKeys();
  const [compromising, setCompromising] = useState<PublishedKey | null>(null);
  return (
    <Card>
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 className="font-semibold text-slate-900">Signing keys</h2>
        <p className="text-sm text-slate-600">
          Every certificate record is signed with the current key. Anyone can check records offline against this
          history, published at{" "}
          <a href="/.well-known/jwks.json" className="font-medium text-brand-700 underline">
            /.well-known/jwks.json
          </a>
          . A new key is added with <code>npm run keys:rotate</code>.
        </p>
      </div>
      <Table caption="Signing keys, oldest first" stackOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Key</TableHeaderCell>
            <TableHeaderCell>Signing since</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBodyStates
          rows={keys.data?.keys}
          isPending={keys.isPending}
          isError={keys.isError}
          onRetry={() => void keys.refetch()}
          colSpan={4}
          loadingText="Loading signing keys"
          emptyText="No key has signed yet"
          errorText="Failed to load signing keys"
        >
          {(key) => (
            <TableRow key={key.kid}>
              <TableCell className="break-all font-mono text-xs">{key.kid}</TableCell>
              <TableCell label="Signing since" className="whitespace-nowrap">
                {formatDateTime(key.started_at)}
              </TableCell>
              <TableCell label="Status">{keyStatus(key)}</TableCell>
              <TableCell label="Actions" className="text-right">
                {!key.compromised_at && (
                  <Button variant="dangerOutline" size="sm" onClick={() => setCompromising(key)}>
                    Mark compromised
                  </Button>
                )}
              </TableCell>
            </TableRow>
          )}
        </TableBodyStates>
      </Table>
      <Dialog
        open={compromising !== null}
        onOpenChange={(open) => !open && setCompromising(null)}
        title="Mark this key compromised?"
        description={
          compromising &&
          `Records signed by ${compromising.kid} from the time below on will be refused by every verifier, and ValuSeal issues nothing more with it until a new key is rotated in. This cannot be undone.`
        }
      >
        {compromising && (
          <CompromiseForm key={compromising.kid} signingKey={compromising} onDone={() => setCompromising(null)} />
        )}
      </Dialog>
    </Card>
  );
}
