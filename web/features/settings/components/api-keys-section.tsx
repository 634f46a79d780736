import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { API_KEY_SCOPE_DESCRIPTIONS } from "#schema/api-v1.ts";
import { API_KEY_PREFIX, API_KEY_SCOPES_BY_KIND, type ApiKeyLifetime } from "#schema/limits/integration.ts";
import type { ApiKeySummary, CreatedApiKey } from "#schema/responses/index.ts";
import { createApiKeySchema, type CreateApiKeyInput } from "#schema/validation/api-keys.ts";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useFailureToast, useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField, SelectField } from "#web/components/ui/field.tsx";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { formatDate, formatDateTime } from "#web/lib/format.ts";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api/api-keys";
import { useSession } from "#web/lib/session.ts";
import { SecretShownOnce } from "./secret-shown-once";

const LIFETIME_LABELS: Record<ApiKeyLifetime, string> = {
  "30": "In 30 days",
  "90": "In 90 days",
  "365": "In a year",
  never: "Never (until revoked)",
};

const EMPTY: CreateApiKeyInput = { name: "", scopes: [], lifetime: "90", currentPassword: "" };

function NewKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const toast = useToast();
  const createKey = useCreateApiKey();
  // A firm's keys do a firm's work, a lender's a lender's.
  const kind = useSession().user?.company?.kind ?? "issuer";
  const form = useForm<CreateApiKeyInput>({ resolver: zodResolver(createApiKeySchema), defaultValues: EMPTY });
  const showFailure = useFormFailure(form.setError, ["name", "scopes", "lifetime", "currentPassword"]);
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    createKey.mutate(values, {
      onSuccess: (created) => {
        toast({ title: "API key created", description: "Copy it now: it is shown only once." });
        form.reset(EMPTY);
        onCreated(created);
      },
      onError: (error) => {
        showFailure("Failed to create the API key", error);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-md border border-slate-200 p-4">
      <p className="font-medium text-slate-900">New key</p>
      <InputField
        label="Name"
        hint="What will use it, e.g. the report software at the Nairobi office"
        {...bound(form, "name")}
      />
      <fieldset className="space-y-2" aria-describedby={errors.scopes ? "api-key-scopes-error" : undefined}>
        <legend className="text-sm font-medium text-slate-700">Permissions</legend>
        {API_KEY_SCOPES_BY_KIND[kind].map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input type="checkbox" value={scope} className="mt-1 size-4" {...form.register("scopes")} />
            <span>
              <code className="font-mono text-slate-900">{scope}</code>
              <span className="block text-slate-600">{API_KEY_SCOPE_DESCRIPTIONS[scope]}</span>
            </span>
          </label>
        ))}
        {errors.scopes && (
          <p id="api-key-scopes-error" role="alert" className="text-sm text-red-600">
            {errors.scopes.message}
          </p>
        )}
      </fieldset>
      <SelectField label="Expires" {...bound(form, "lifetime")}>
        {Object.entries(LIFETIME_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <InputField
        label="Your password"
        type="password"
        autoComplete="current-password"
        hint="A key keeps working after you sign out or change your password, so we ask who is making it."
        {...bound(form, "currentPassword")}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={createKey.isPending}>
          {createKey.isPending ? "Creating..." : "Create key"}
        </Button>
      </div>
    </form>
  );
}

function keyState(key: ApiKeySummary): string {
  if (key.revokedAt) return `Revoked ${formatDate(key.revokedAt)}`;
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= Date.now()) return `Expired ${formatDate(key.expiresAt)}`;
  return key.expiresAt ? `Expires ${formatDate(key.expiresAt)}` : "Does not expire";
}

function RevokeKeyButton({ apiKey }: { apiKey: ApiKeySummary }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const revokeKey = useRevokeApiKey();
  const [open, setOpen] = useState(false);
  const revoke = () =>
    revokeKey.mutate(apiKey.id, {
      onSuccess: () => {
        toast({ title: "API key revoked", description: `${apiKey.name} no longer works.` });
        setOpen(false);
      },
      onError: (error) => showFailure("Failed to revoke the API key", error),
    });
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Revoke this API key?"
        description={`Software using ${apiKey.name} (${API_KEY_PREFIX}…${apiKey.lastFour}) is refused from its next request. This cannot be undone: make a new key to connect it again.`}
        confirmLabel="Revoke key"
        pendingLabel="Revoking..."
        isPending={revokeKey.isPending}
        onConfirm={revoke}
      />
    </>
  );
}

function KeyList({ keys }: { keys: ApiKeySummary[] }) {
  const { isLender } = useSession();
  if (keys.length === 0) {
    return (
      <EmptyState
        icon={KeyRound}
        title="No API keys yet"
        description={
          isLender
            ? "Make one for each program that records reliance or follows your watched valuations, so each can be revoked on its own."
            : "Make one for each program that issues or reads your codes, so each can be revoked on its own."
        }
      />
    );
  }
  return (
    <Table caption="API keys" stackOnPhone>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Key</TableHeaderCell>
          <TableHeaderCell>Permissions</TableHeaderCell>
          <TableHeaderCell>Last used</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only">Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key.id}>
            <TableCell className="font-medium text-slate-900">{key.name}</TableCell>
            <TableCell label="Key" className="font-mono">
              {API_KEY_PREFIX}…{key.lastFour}
            </TableCell>
            <TableCell label="Permissions">{key.scopes.join(", ")}</TableCell>
            <TableCell label="Last used">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never"}</TableCell>
            <TableCell label="Status">{keyState(key)}</TableCell>
            <TableCell label="Actions">{!key.revokedAt && <RevokeKeyButton apiKey={key} />}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Settings → API keys (owner only): keys for the company's own software to issue and read codes
 * through the integration API. A new key is shown once; the list says what each may do and when
 * it was last used, so a key nobody recognises can be revoked.
 */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const { isLender } = useSession();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <SectionCard
      title="API Keys"
      description={
        isLender
          ? "Let your loan system record reliance and follow the valuations you watch. Each key acts for your institution with the permissions you give it."
          : "Let your own software issue and read codes. Each key acts for the company with the permissions you give it."
      }
    >
      <div className="space-y-4">
        <SecretShownOnce
          title={`Your new key: ${created?.apiKey.name ?? ""}`}
          secret={created?.key ?? null}
          secretLabel="New API key"
          copyLabel="Copy key"
          copied={{ title: "Key copied", description: "Keep it in your software's secret settings, never in code." }}
          keepIt="Copy it now: you won't see it again. If you lose it, revoke it and make a new one."
          onDismiss={() => setCreated(null)}
        />
        <QueryContent query={keys} loadingLabel="Loading API keys..." failureTitle="The API keys could not be loaded">
          {(data) => <KeyList keys={data} />}
        </QueryContent>
        <NewKeyForm onCreated={setCreated} />
        <p className="text-sm text-slate-600">
          Send the key as <code className="font-mono">Authorization: Bearer {API_KEY_PREFIX}…</code>. Every route, its
          fields, limits and examples are in the{" "}
          <a className="font-medium text-brand-700 underline" href="/docs">
            API reference
          </a>{" "}
          and the{" "}
          <a className="font-medium text-brand-700 underline" href="/api/v1/openapi.json">
            OpenAPI document
          </a>
          , which tools such as Postman and openapi-typescript read.
        </p>
      </div>
    </SectionCard>
  );
}
