import { describe, expect, it } from "vitest";
import { DEMO_CERTIFICATE } from "#schema/demo-certificate.ts";
import { api } from "./fixtures/http";
import { decodeQrSvgDataUrl } from "./fixtures/qr-images";

describe("the landing page's demo code", () => {
  it("POST /api/demo-qr returns an SVG data URL of the demo certificate address", async () => {
    const res = await api("/api/demo-qr", { body: DEMO_CERTIFICATE });
    expect(res.status).toBe(200);
    expect(res.body.qrCodeData).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = atob(res.body.qrCodeData.split(",")[1]);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(decodeQrSvgDataUrl(res.body.qrCodeData)).toBe("http://valuseal.test/v/demo");
    const invalid = await api("/api/demo-qr", { body: { ...DEMO_CERTIFICATE, marketValue: "lots" } });
    expect(invalid.status).toBe(400);
  });
});
