import { describe, expect, it } from "vitest";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { insertCode, verificationCount } from "./fixtures/codes";
import { api, randomIp, unique } from "./fixtures/http";
import { countOf, inBatches, inSubnet, newSubnet } from "./fixtures/networks";
import { scanEventsOf, scanLikePhone } from "./fixtures/scans";
import { emailsTo, waitForEmails } from "../shared/inbox";

/**
 * A phone or a home has a whole IPv6 /64: its addresses are one client for the scan budget and
 * one visitor for the scan log (docs/decisions/026), so new addresses of one /64 neither add to a
 * code's count nor send more alerts.
 */

const PUBLIC_PER_64 = 120;
/** The queue delivers within seconds; a machine busy with other tests may take longer. */
const EMAIL_WAIT_MS = 60_000;
/** The rate limiter's counting window (miniflare clears its counters on the minute). */
const currentMinute = () => Math.floor(Date.now() / 60_000);
const isAlert = (email: { subject: string }) => email.subject.includes("was scanned");

const choosePerScanAlerts = async (token: string) => {
  const chosen = await api("/api/companies/current/scan-alerts", { method: "PUT", token, body: { mode: "per-scan" } });
  expect(chosen.body.scanAlertMode).toBe("per-scan");
};

describe("scans from one /64", () => {
  it("counts one /64 scanning a code from 200 addresses as one visitor, one scan and one alert email", async () => {
    const owner = await registerOwnerViaServices();
    await choosePerScanAlerts(owner.token);
    const code = await insertCode(owner, { propertyAddress: `${unique("One Network")} Lane` });
    const subnet = newSubnet();
    const minute = currentMinute();
    // The first scan alone: two simultaneous first scans of one visitor may both count (decision 018).
    const first = await scanLikePhone(code.publicToken, { ip: inSubnet(subnet) });
    const answers = [first, ...(await inBatches(199, () => scanLikePhone(code.publicToken, { ip: inSubnet(subnet) })))];
    const answered = countOf(answers, 200);
    expect(answered + countOf(answers, 429)).toBe(200);
    // Within one minute the /64's scan budget answers 120 of the 200 (a slow machine may take two minutes).
    if (currentMinute() === minute) expect(answered).toBe(PUBLIC_PER_64);

    // Every answered scan is logged, as one visitor: counted once, the rest repeats.
    expect(await verificationCount(code.id)).toBe(1);
    const events = await scanEventsOf(code.id);
    expect(events).toHaveLength(answered);
    expect(events.filter((event) => event.counted)).toHaveLength(1);
    expect(new Set(events.map((event) => event.visitorHash)).size).toBe(1);
    const log = await api(`/api/qr-codes/${code.id}/scans`, { token: owner.token });
    expect(log.body.uniqueScanners).toBe(1);

    await waitForEmails(owner.email, isAlert, { timeoutMs: EMAIL_WAIT_MS });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await emailsTo(owner.email)).filter(isAlert)).toHaveLength(1);
  }, 300_000);
});

describe("scans from one address with many browsers", () => {
  it("counts 50 User-Agents from one address as one visitor: a script's agents are not people", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const ip = randomIp();
    const first = await scanLikePhone(code.publicToken, { ip });
    expect(first.status).toBe(200);
    for (let n = 0; n < 49; n++) {
      const res = await scanLikePhone(code.publicToken, {
        ip,
        userAgent: `Mozilla/5.0 (Linux; Android 14; Phone-${n})`,
      });
      expect(res.status).toBe(200);
    }
    expect(await verificationCount(code.id)).toBe(1);
  });
});
