/** POST /api/demo-qr: the landing page's live demo code, an SVG as a data: URL. */
export interface DemoQrCode {
  qrCodeData: string;
}
