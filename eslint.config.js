import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Which other service domains each domain of worker/services may import (decision 055). A new
 * arrow here is a design change: say why in the commit. email and scans sit at the bottom; codes
 * and lenders call each other only through the few functions listed in their files' imports.
 */
const SERVICE_DOMAIN_USES = {
  accounts: ["billing", "companies", "integration"],
  billing: ["companies", "email", "operations", "records"],
  codes: ["accounts", "billing", "companies", "email", "integration", "lenders", "records", "register"],
  companies: ["accounts", "email", "integration", "lenders", "records"],
  email: [],
  integration: ["codes", "companies", "email", "lenders", "scans"],
  lenders: ["codes", "email", "integration"],
  operations: ["email", "integration", "records"],
  privacy: ["accounts", "companies", "integration", "records"],
  records: ["accounts", "codes", "integration", "scans"],
  register: ["companies", "email", "integration", "lenders"],
  scans: ["email", "integration"],
};

export default tseslint.config(
  { ignores: ["dist", ".builds", ".wrangler", ".data", "node_modules", "migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Browser globals that read like a component's own variables: a prop renamed away from
      // `status` once left `headline === status` comparing against window.status, silently.
      "no-restricted-globals": [
        "error",
        ...["status", "name", "event", "length", "origin", "parent", "top", "close", "open", "find"].map((name) => ({
          name,
          message: `Use a local variable; the browser's global ${name} is never what is meant here.`,
        })),
      ],
      // Browser code must never reach into the Worker (separate runtimes, secrets).
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "**/worker/**",
            "**/schema/tables*",
            "**/schema/tables/**",
            "#worker/**",
            "#schema/tables*",
            "#schema/tables/**",
          ],
        },
      ],
    },
  },
  {
    // The web app's layers. A feature (web/features/<name>/) imports only web/lib, web/components,
    // schema/ and its own folder, so features never depend on each other and cannot form cycles;
    // web/app (router, layouts, pages made of several features) is the only place that composes
    // them. web/components may use web/lib; web/lib uses neither.
    files: ["web/**/*.{ts,tsx}"],
    plugins: { boundaries },
    settings: {
      "boundaries/include": ["web/**/*", "schema/**/*"],
      "boundaries/elements": [
        { type: "app", pattern: "web/app", partialMatch: false },
        { type: "feature", pattern: "web/features/*", partialMatch: false, capture: ["feature"] },
        { type: "components", pattern: "web/components", partialMatch: false },
        { type: "lib", pattern: "web/lib", partialMatch: false },
        { type: "schema", pattern: "schema", partialMatch: false },
      ],
      // Imports are relative without extensions, or `#folder/…` aliases (package.json "imports"):
      // the TypeScript resolver reads both as the compiler does; a specifier it could not resolve
      // would be no dependency at all, and let every violation through.
      "import/resolver": { typescript: { project: ["tsconfig.web.json"] } },
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          // A file under web/ or schema/ that no element above describes is refused too, so a new
          // top-level folder has to be placed in these layers before anything may import it.
          checkUnknownLocals: true,
          message:
            "{{dependency.source}} is outside what this {{from.element.types.[0]}} may import. In web/, a feature imports only its own folder, web/components, web/lib and schema/ (never another feature, nor web/app); web/app composes features; web/components imports web/lib; web/lib imports only schema/.",
          policies: [
            {
              from: { element: { type: "app" } },
              allow: { to: { element: { types: { anyOf: ["app", "feature", "components", "lib", "schema"] } } } },
            },
            {
              from: { element: { type: "feature" } },
              allow: [
                { to: { element: { types: { anyOf: ["components", "lib", "schema"] } } } },
                { to: { element: { type: "feature", captured: { feature: "{{ from.element.captured.feature }}" } } } },
              ],
            },
            {
              from: { element: { type: "components" } },
              allow: { to: { element: { types: { anyOf: ["components", "lib", "schema"] } } } },
            },
            { from: { element: { type: "lib" } }, allow: { to: { element: { types: { anyOf: ["lib", "schema"] } } } } },
          ],
        },
      ],
    },
  },
  {
    // Every file of the web app belongs to one of those layers (main.tsx only starts the app;
    // landing-guard.ts is index.html's inline first script, on web/lib; check/ is the public check
    // page's own entry, plain DOM on web/lib, outside the SPA).
    files: ["web/**/*.{ts,tsx}"],
    ignores: ["web/main.tsx", "web/landing-guard.ts", "web/check/*.ts"],
    rules: { "boundaries/no-unknown-files": "error" },
  },
  {
    // The Worker's layers: routes (HTTP) call services (transactions, business rules), which call
    // lib (pure helpers: no request, no database handle of their own). What is read from a request
    // (its client network, company, origin, the scan visit, the signing of its records, the error
    // answer) lives in worker/request, which routes and middleware use and services and lib never
    // do, so a service runs the same from a route, a queue consumer, the cron or a test. The entry
    // files (app, index, env, config, db) wire the layers together.
    files: ["worker/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/include": ["worker/**/*", "schema/**/*"],
      "boundaries/elements": [
        { type: "routes", pattern: "worker/routes", partialMatch: false },
        { type: "middleware", pattern: "worker/middleware", partialMatch: false },
        { type: "request", pattern: "worker/request", partialMatch: false },
        { type: "services", pattern: "worker/services/*", capture: ["domain"], partialMatch: false },
        { type: "lib", pattern: "worker/lib", partialMatch: false },
        { type: "schema", pattern: "schema", partialMatch: false },
        // Last: the files directly in worker/ (app, index, env, config, db), every folder above taken first.
        { type: "entry", pattern: "worker", partialMatch: false },
      ],
      // Relative imports and `#folder/…` aliases, resolved as the compiler resolves them.
      "import/resolver": { typescript: { project: ["tsconfig.worker.json"] } },
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          checkUnknownLocals: true,
          message:
            "{{dependency.source}} is outside what this {{from.element.types.[0]}} may import. In worker/, routes use middleware, request, services and lib; middleware uses request, services and lib; request uses services and lib; services use lib and the service domains SERVICE_DOMAIN_USES (eslint.config.js) lists for them; lib uses lib; only routes, middleware and worker/request read the request, and worker/request may call services.",
          policies: [
            {
              from: { element: { type: "entry" } },
              allow: {
                to: {
                  element: {
                    types: { anyOf: ["routes", "middleware", "request", "services", "lib", "entry", "schema"] },
                  },
                },
              },
            },
            {
              from: { element: { type: "routes" } },
              allow: {
                to: {
                  element: {
                    types: { anyOf: ["routes", "middleware", "request", "services", "lib", "entry", "schema"] },
                  },
                },
              },
            },
            {
              from: { element: { type: "middleware" } },
              allow: {
                to: { element: { types: { anyOf: ["middleware", "request", "services", "lib", "entry", "schema"] } } },
              },
            },
            {
              from: { element: { type: "request" } },
              allow: { to: { element: { types: { anyOf: ["request", "services", "lib", "entry", "schema"] } } } },
            },
            {
              from: { element: { type: "services" } },
              allow: { to: { element: { types: { anyOf: ["lib", "entry", "schema"] } } } },
            },
            // Walls between the service domains: each names the domains it may use (besides its own).
            ...Object.entries(SERVICE_DOMAIN_USES).map(([domain, uses]) => ({
              from: { element: { type: "services", captured: { domain } } },
              allow: {
                to: { element: { type: "services", captured: { domain: [domain, ...uses] } } },
              },
            })),
            {
              from: { element: { type: "lib" } },
              allow: { to: { element: { types: { anyOf: ["lib", "entry", "schema"] } } } },
            },
          ],
        },
      ],
    },
  },
  {
    files: ["worker/**/*.ts"],
    rules: { "boundaries/no-unknown-files": "error" },
  },
  {
    // Nothing below the routes reaches back to the app or the Worker's entry (they wire the layers).
    files: ["worker/middleware/**/*.ts", "worker/request/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../app", "../app.ts", "../index", "../index.ts", "#worker/app.ts", "#worker/index.ts"],
              message: "Only the entry files wire the app.",
            },
          ],
        },
      ],
    },
  },
  {
    // Services and lib never read a request: no hono Context there (worker/request holds what does).
    files: ["worker/lib/**/*.ts", "worker/services/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "hono", importNames: ["Context"], message: "Read the request in worker/request." }],
          patterns: [
            {
              group: ["../app", "../app.ts", "../index", "../index.ts", "#worker/app.ts", "#worker/index.ts"],
              message: "Only the entry files wire the app.",
            },
          ],
        },
      ],
    },
  },
  {
    // Shared with the browser: never the drizzle tables (or drizzle itself) and never the Worker.
    files: ["schema/**/*.ts"],
    ignores: ["schema/tables.ts", "schema/tables/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["**/worker/**", "#worker/**", "**/tables", "**/tables.ts", "**/tables/**", "drizzle-orm*"] },
      ],
    },
  },
  {
    // Rules that need the types: a promise nobody awaits or catches loses its error silently, and a
    // switch over a union that misses a member is a case nobody decided.
    files: ["worker/**/*.ts", "web/**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // A form's onSubmit={handleSubmit(...)} returns a promise React ignores by design; elsewhere
      // a promise where nothing awaits it is refused.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    files: ["scripts/**/*.ts", "tests/**/*.ts", "bench/**/*.ts", "*.config.ts"],
    languageOptions: { globals: globals.node },
  },
);
