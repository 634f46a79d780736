/**
 * Every package the browser code (web/ and the schema/ files it imports) loads, exactly as it is
 * imported, for Vite's `optimizeDeps.include` (vite.config.ts). The dev server pre-bundles them all
 * at start-up, before the first page asks for one. Left to discover them, Vite finds some only when
 * a lazily loaded screen imports them (or trusts an optimizer cache from before a package was
 * added), re-bundles mid-session under new chunk names, and a page that already loaded React gets
 * a second copy: React's "Invalid hook call" and a blank screen. The list is also part of the hash
 * that decides whether the optimizer cache is still valid.
 *
 * tests/unit/browser-dependencies.test.ts fails when an import is missing here or an entry is no
 * longer imported. Deep imports are separate entries: "react-dom" does not cover "react-dom/client".
 * Not listed: CSS-only packages (@fontsource-variable/inter, tailwindcss), which web/styles.css
 * @imports and Vite's CSS pipeline handles (the optimizer bundles JavaScript only), and `?url`
 * imports (pdf.js's worker), which are served as files, never bundled.
 */
export const BROWSER_DEPENDENCIES = [
  // React, and the JSX runtimes the JSX transform imports into every .tsx file (dev and build).
  "react",
  "react-dom/client",
  "react/jsx-dev-runtime",
  "react/jsx-runtime",
  "react-router",
  // Data, forms and validation (zod comes in through schema/validation); the typed API client.
  "@tanstack/react-query",
  "openapi-fetch",
  "react-hook-form",
  "@hookform/resolvers/zod",
  "zod",
  "ipaddr.js",
  // The password-strength estimator and its dictionaries (schema/password-strength.ts, loaded lazily).
  "@zxcvbn-ts/core",
  "@zxcvbn-ts/language-common",
  "@zxcvbn-ts/language-en",
  // Passkeys: the browser's WebAuthn calls (loaded when a passkey is added or used).
  "@simplewebauthn/browser",
  // UI.
  "radix-ui",
  "lucide-react",
  "clsx",
  "tailwind-merge",
  // Reading and sealing PDFs in the browser (loaded lazily, hence the most likely to be found late).
  "pdfjs-dist",
  "@cantoo/pdf-lib",
  "qrcode-svg",
  // Many codes at once: reading the uploaded CSV, and the ZIP of their images (loaded lazily).
  "papaparse",
  "fflate",
  // Naming the signed record a sealed PDF carries (schema/signed-record-file.ts, with the sealing screen).
  "jose",
];
