// The Worker is compiled by Vite (dev server and build): `import.meta.env` and `import.meta.hot`
// (worker/lib/check-page-policy.ts). Only these, not vite/client's asset and CSS module types.
/// <reference types="vite/types/importMeta.d.ts" />
