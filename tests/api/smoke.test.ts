import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";

it("registers and reads the current user", async () => {
  const ip = `10.0.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
  const res = await SELF.fetch("http://app.test/api/register", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({
      firstName: "Ann",
      lastName: "Lee",
      name: "Lee Valuers",
      email: `ann${Date.now()}@example.com`,
      password: "password123",
      confirmPassword: "password123",
    }),
  });
  const body = await res.json();
  console.log(res.status, body);
  expect(res.status).toBe(201);
});
