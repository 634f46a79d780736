import { afterEach, describe, expect, it, vi } from "vitest";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { api } from "./fixtures/http";

/*
 * One JSON line per request (worker/middleware/request-log.ts): the request id answered as
 * X-Request-Id, the route's pattern rather than its path, the status, the duration and the caller's
 * organisation, and nothing personal: no email, no token, no address.
 */

/** The Worker's log lines written while `run` runs, parsed. */
async function linesWritten(run: () => Promise<unknown>) {
  const lines: Record<string, unknown>[] = [];
  const capture = (text: unknown) => {
    if (typeof text !== "string" || !text.startsWith("{")) return;
    try {
      lines.push(JSON.parse(text) as Record<string, unknown>);
    } catch {
      /* not one of ours */
    }
  };
  vi.spyOn(console, "log").mockImplementation(capture);
  vi.spyOn(console, "error").mockImplementation(capture);
  await run();
  vi.restoreAllMocks();
  return lines.filter((line) => line.type === "request");
}

afterEach(() => vi.restoreAllMocks());

describe("request log", () => {
  it("writes one line per request with its id, route pattern, status and organisation, and answers the id", async () => {
    const owner = await registerOwnerViaServices();
    let answer!: Awaited<ReturnType<typeof api>>;
    const lines = await linesWritten(async () => {
      answer = await api("/api/qr-codes/987654321", { token: owner.token });
    });
    expect(answer.status).toBe(404);
    const requestId = answer.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(lines).toEqual([
      {
        level: "info",
        type: "request",
        requestId,
        method: "GET",
        route: "/api/qr-codes/:id",
        status: 404,
        durationMs: expect.any(Number),
        organisationId: owner.user.companyId,
      },
    ]);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain(owner.token);
    expect(text).not.toContain("987654321");
  });

  it("takes Cloudflare's Ray ID as the request id when the edge gave one, on every kind of answer", async () => {
    const lines = await linesWritten(async () => {
      const refused = await api("/api/login", {
        body: { email: "nope" },
        headers: { "CF-Ray": "8f0a1b2c3d4e5f60-NBO" },
      });
      expect(refused.status).toBe(400);
      expect(refused.headers.get("X-Request-Id")).toBe("8f0a1b2c3d4e5f60-NBO");
      const unknown = await api("/api/no-such-route");
      expect(unknown.headers.get("X-Request-Id")).toMatch(/^[A-Za-z0-9]{16}$/);
    });
    expect(lines.map(({ requestId, status, organisationId }) => ({ requestId, status, organisationId }))).toEqual([
      { requestId: "8f0a1b2c3d4e5f60-NBO", status: 400, organisationId: null },
      { requestId: expect.any(String), status: 404, organisationId: null },
    ]);
  });
});
