import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dataRequestAnswer } from "#schema/responses/index.ts";
import { createAdminViaDb } from "./fixtures/admins";
import { withDb } from "./fixtures/database";
import { api, unique } from "./fixtures/http";

/*
 * Requests about personal data from people who are not users (issue 50): recorded with the law's
 * deadline, answered, and kept.
 */

const request = (overrides: Record<string, unknown> = {}) => ({
  requesterName: "Jane Wambui",
  requesterContact: `${unique("jane")}@example.com`,
  requesterRole: "valuer",
  kind: "erasure",
  request: "I left the firm: erase what you hold about me.",
  receivedOn: "2026-11-20",
  ...overrides,
});

describe("requests about personal data", () => {
  it("are due in the law's days, overdue once past them, and closed only with what was done and the answer", async () => {
    const admin = await createAdminViaDb();
    const erasure = await api("/api/admin/data-requests", { token: admin.token, body: request() });
    expect(erasure.status).toBe(201);
    expect(dataRequestAnswer.parse(erasure.body)).toMatchObject({ dueOn: "2026-11-27", status: "open", overdue: true });
    const portability = await api("/api/admin/data-requests", {
      token: admin.token,
      body: request({ kind: "portability", receivedOn: new Date().toISOString().slice(0, 10) }),
    });
    expect(portability.body).toMatchObject({ overdue: false });
    expect(Date.parse(portability.body.dueOn) - Date.parse(portability.body.receivedOn)).toBe(30 * 86_400_000);

    const halfAnswered = await api(`/api/admin/data-requests/${erasure.body.id}`, {
      method: "PATCH",
      token: admin.token,
      body: { status: "done", actionsTaken: "Erased her phone from the valuers list" },
    });
    expect(halfAnswered.status).toBe(400);
    expect(halfAnswered.body.errors).toContain(
      "answer: A request is closed with what was done, the answer sent and the day it was sent",
    );
    const done = await api(`/api/admin/data-requests/${erasure.body.id}`, {
      method: "PATCH",
      token: admin.token,
      body: {
        status: "done",
        actionsTaken: "Erased her phone from the valuers list; her name stays on 3 signed certificates.",
        answer: "We erased your phone number. Your name stays on the certificates you signed, which banks rely on.",
        answeredOn: "2026-12-05",
      },
    });
    expect(dataRequestAnswer.parse(done.body)).toMatchObject({
      status: "done",
      overdue: false,
      answeredOn: "2026-12-05",
    });

    const list = await api("/api/admin/data-requests", { token: admin.token });
    const ids = (list.body as { id: number; status: string }[]).map(({ id }) => id);
    // Open ones first.
    expect(ids.indexOf(portability.body.id)).toBeLessThan(ids.indexOf(erasure.body.id));

    // The log is kept: nobody deletes a request, not even with the database's own tools.
    await expect(
      withDb((db) => db.execute(sql`DELETE FROM data_requests WHERE id = ${erasure.body.id}`)),
    ).rejects.toThrow();
  });
});
