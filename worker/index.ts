import { app } from "./app";
import type { Bindings } from "./env";
import { deliverScanAlerts, type ScanAlertMessage } from "./services/scan-alerts";

export default {
  fetch: app.fetch,
  queue: deliverScanAlerts,
} satisfies ExportedHandler<Bindings, ScanAlertMessage>;
