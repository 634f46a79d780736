// Side effects: Debian's Chromium, poppler-utils, qpdf and openssl are installed when missing.
import "./ensure-chromium";
import "./ensure-poppler";
import { ensureCurrentBuild } from "./lib/current-build";

/** `npm run test:e2e`'s preparation: the browsers' tools, and a build that matches the sources. */
ensureCurrentBuild();
