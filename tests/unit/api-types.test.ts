import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED_API_TYPES, generatedApiTypes, type GeneratedTypesFile } from "../../client/generate";

describe("the types generated from the routes (npm run api:types writes them)", () => {
  it.each(Object.keys(GENERATED_API_TYPES) as GeneratedTypesFile[])(
    "%s is the routes as they are now",
    async (file) => {
      expect(readFileSync(file, "utf8")).toBe(await generatedApiTypes(file));
    },
    // Generating walks every route's schemas: about a second alone, over 5 s beside the API suite in `npm test`.
    30_000,
  );
});
