/**
 * The app's Content-Security-Policy refuses eval (public/_headers). Zod's fast object parsers are
 * compiled with `new Function`, and even its probe for that is reported as a violation, so the
 * browser build runs zod "jitless". Zod reads the choice when each schema is created, so main.tsx
 * imports this module first.
 *
 * It is written to zod's shared global config object (the one `z.config()` assigns to) instead of
 * calling `z.config()`: importing zod here would move part of it into the landing page's first
 * download (about 4 KB gzipped of a 120 KB budget). tests/e2e/every-screen.test.ts fails if zod stops
 * reading it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
