/** The benchmark's throwaway `npm run dev` (the starter is shared with the dev-server browser test). */
import { startDevServer as startThrowawayDevServer, type DevServerOptions } from "../scripts/lib/dev-server";

export type { DevServer, DevServerOptions } from "../scripts/lib/dev-server";

export const startDevServer = (options: DevServerOptions = {}) =>
  startThrowawayDevServer({ label: "bench", ...options });
