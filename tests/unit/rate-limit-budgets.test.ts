import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { API_KEY_REQUESTS_PER_MINUTE } from "#schema/limits/integration.ts";

/** The limit of one [[ratelimits]] block of wrangler.toml, by its binding name. */
function bindingLimit(name: string): number {
  const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
  const block = toml.split("[[ratelimits]]").find((part) => new RegExp(`^name = "${name}"$`, "m").test(part));
  const limit = block && /simple = \{ limit = (\d+), period = 60 \}/.exec(block);
  if (!limit) throw new Error(`${name} has no per-minute limit in wrangler.toml`);
  return Number(limit[1]);
}

it("announces the API key budget the binding enforces", () => {
  expect(bindingLimit("API_KEY_LIMITER")).toBe(API_KEY_REQUESTS_PER_MINUTE);
});
