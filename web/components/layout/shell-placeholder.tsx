import { BRAND } from "#web/lib/brand.ts";

/**
 * The signed-in frame's outline, drawn while the session and the frame's own script are on their
 * way: the header with the product's name and grey blocks where the screen will be, so a phone on a
 * slow network shows at once that the app is opening. Announced as loading, like PageLoading.
 */
export function ShellPlaceholder() {
  return (
    <div role="status" aria-busy="true" className="flex min-h-screen flex-col bg-canvas">
      <div className="flex h-14 items-center border-b border-line bg-surface px-4">
        <span className="text-lg font-semibold tracking-tight text-slate-900">{BRAND.name}</span>
      </div>
      <div className="mx-auto w-full max-w-6xl space-y-4 p-4 sm:p-6" aria-hidden="true">
        <div className="h-7 w-48 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-64 max-w-full animate-pulse rounded bg-slate-200" />
        <div className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((block) => (
            <div key={block} className="h-24 animate-pulse rounded-card bg-slate-200" />
          ))}
        </div>
      </div>
      <span className="sr-only">Loading</span>
    </div>
  );
}
