/** pdf.js's worker module, imported whole so it runs on the page's own thread (no worker file). */
declare module "pdfjs-dist/build/pdf.worker.min.mjs" {
  export const WorkerMessageHandler: unknown;
}
