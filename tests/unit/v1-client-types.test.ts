import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { V1_CLIENT_TYPES_FILE, v1ClientTypes } from "../../client/generate";

describe("the typed client of the integration API", () => {
  it("has the types of the routes as they are now (npm run api:types writes them)", async () => {
    expect(readFileSync(V1_CLIENT_TYPES_FILE, "utf8")).toBe(await v1ClientTypes());
  });
});
