/**
 * Where the API reference's browser build (Scalar's) is served from: this origin, under /docs. The
 * build puts the files there (scripts/lib/scalar-reference.ts); /docs loads the entry.
 */
export const SCALAR_PATH = "/docs/scalar/";
export const SCALAR_ENTRY = `${SCALAR_PATH}standalone.esm.js`;
