/*
 * How the browser's build puts the signed-in app's script into few files (issue 51: the signed-in
 * screens on Slow 3G; decision 076). Left to itself the bundler gives every set of lazy chunks that
 * share a module a chunk of its own: the dashboard needed 30 files after the entry, and on a slow
 * link each request waits its own 2 s round trip (HTTP/1.1 asks six at a time). Two chunks hold
 * what the signed-in app shares instead:
 * - "signed-in": the frame (web/app/layout/app-shell.tsx) and whatever two screen chunks share;
 * - "shared-ui": what the signed-in app shares with the lazy chunks a visitor who is not signed in
 *   loads (the sign-in dialog, the certificate view, the emailed links' screens).
 * Nothing the page's entries load at once (web/main.tsx, web/check/main.ts) moves: a visitor's
 * first script is what it was; nor does the check page's lazy PDF reader. Each screen chunk keeps
 * what is its own. A module the entries' imports name but do not use (an icon re-exported by
 * lucide-react's index, a hook by react-query's) counts as the entries' here, so it stays in a small
 * chunk of its own: the graph does not say what the bundler will drop.
 *
 * Moving modules between chunks can make two chunks import each other; the build then keeps the
 * modules' own order of evaluation (vite.config.ts: strictExecutionOrder). Without it the app's
 * navigation read its icons before they were defined, when the screen's chunk ran before the frame's.
 */

import type { SignedInScreens } from "../../web/app/screen-paths.ts";

interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: string[]; dynamicallyImportedIds: string[]; isEntry: boolean } | null;
}

/**
 * The signed-in app's lazy entries (web/app/screen-chunks.ts): the frame, and each screen chunk by
 * the paths it serves (web/app/screen-paths.ts).
 */
export const SIGNED_IN_FRAME = "web/app/layout/app-shell.tsx";
export const SIGNED_IN_SCREENS: Record<SignedInScreens, string> = {
  dashboard: "web/app/pages/dashboard-page.tsx",
  workspace: "web/app/workspace-routes.ts",
  lender: "web/features/reliance/routes.ts",
  admin: "web/features/admin/routes.tsx",
};

/** The public check page's entry (check.html, web/check/main.ts). */
const CHECK_PAGE = "check.html";

type ChunkName = "signed-in" | "shared-ui";

/** Every module `from` reaches through static imports, `from` included. */
function staticClosure(graph: ModuleGraph, from: Iterable<string>): Set<string> {
  const reached = new Set<string>();
  const pending = [...from];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/** Each module's chunk, decided once per build from the whole module graph. */
function assignChunks(graph: ModuleGraph, moduleIds: string[]): Map<string, ChunkName> {
  const idEnding = (ending: string) => {
    const id = moduleIds.find((candidate) => candidate.endsWith(`/${ending}`));
    if (!id) throw new Error(`client-chunks: no module ${ending} in the build`);
    return id;
  };
  const entries = moduleIds.filter((id) => graph.getModuleInfo(id)?.isEntry);
  const loadedAtOnce = staticClosure(graph, entries);
  // The lazy chunks that the code of `from` imports.
  const lazyOf = (from: string[]) =>
    [...staticClosure(graph, from)].flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
  // The public check page's lazy script (reading a PDF) stays as lean as it is: none of it moves.
  const checkPage = idEnding(CHECK_PAGE);
  const checkPageLazy = staticClosure(graph, lazyOf([checkPage]));
  const frame = idEnding(SIGNED_IN_FRAME);
  const screens = Object.values(SIGNED_IN_SCREENS).map(idEnding);
  const signedInEntries = new Set([frame, ...screens]);
  // The lazy chunks anyone may load: those the app's entry imports, the signed-in app's excepted.
  const publicLazy = lazyOf(entries.filter((id) => id !== checkPage)).filter((id) => !signedInEntries.has(id));
  const publicClosure = staticClosure(graph, publicLazy);
  const frameClosure = staticClosure(graph, [frame]);
  const screenClosures = screens.map((screen) => staticClosure(graph, [screen]));

  const chunks = new Map<string, ChunkName>();
  const signedIn = new Set([...frameClosure, ...screenClosures.flatMap((closure) => [...closure])]);
  for (const id of signedIn) {
    if (loadedAtOnce.has(id) || checkPageLazy.has(id)) continue;
    if (publicClosure.has(id)) chunks.set(id, "shared-ui");
    else if (frameClosure.has(id) || screenClosures.filter((closure) => closure.has(id)).length >= 2)
      chunks.set(id, "signed-in");
  }
  return chunks;
}

/**
 * The browser build's `output.codeSplitting`. The group's name function sees each module with the
 * graph; the assignment is computed on its first call, when the graph is complete.
 */
export function clientCodeSplitting() {
  let chunks: Map<string, ChunkName> | null = null;
  const moduleIds: string[] = [];
  return {
    groups: [
      {
        debugName: "signed-in app",
        name: (moduleId: string, context: ModuleGraph): ChunkName | null => {
          chunks ??= assignChunks(context, moduleIds);
          return chunks.get(moduleId) ?? null;
        },
        test: (moduleId: string) => {
          moduleIds.push(moduleId);
          return true;
        },
        // Only the modules named: a captured module's imports stay where they are, so nothing the
        // entries load at once moves into these chunks.
        includeDependenciesRecursively: false,
      },
    ],
  };
}
