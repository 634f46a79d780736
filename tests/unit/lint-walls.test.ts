import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer walls read `#folder/…` aliases (decision 055): an import the resolver could not follow
 * would be no dependency at all, and every violation written that way would pass unseen.
 */
const eslint = new ESLint({
  // The planted files exist only as text: the rules that read types (and so need a file in a
  // project) are off here; the walls need no types.
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      "@typescript-eslint/no-floating-promises": "off",
      "@typescript-eslint/no-misused-promises": "off",
      "@typescript-eslint/switch-exhaustiveness-check": "off",
      "@typescript-eslint/await-thenable": "off",
    },
  },
});

async function wallMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "boundaries/dependencies");
}

describe("the lint walls, through aliases", () => {
  it("refuses a feature importing another feature", async () => {
    const messages = await wallMessages(
      "web/features/landing/components/planted.tsx",
      'import { useRegister } from "#web/features/auth/api/sign-in.ts";\nexport const planted = useRegister;\n',
    );
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining("#web/features/auth/api/sign-in.ts is outside what this feature may import"),
    ]);
  });

  it("refuses worker/lib reaching into a service, and lets a service use lib", async () => {
    const refused = await wallMessages(
      "worker/lib/planted.ts",
      'import { issueCode } from "#worker/services/codes/code-issuing.ts";\nexport const planted = issueCode;\n',
    );
    expect(refused).toHaveLength(1);
    const allowed = await wallMessages(
      "worker/services/codes/planted.ts",
      'import { randomToken } from "#worker/lib/random.ts";\nexport const planted = randomToken;\n',
    );
    expect(allowed).toEqual([]);
  });

  it("refuses a service domain reaching into one its wall does not list, and lets it use one listed", async () => {
    const refused = await wallMessages(
      "worker/services/scans/planted.ts",
      'import { listReliances } from "#worker/services/lenders/reliances.ts";\nexport const planted = listReliances;\n',
    );
    expect(refused.map((message) => message.message)).toEqual([
      expect.stringContaining("#worker/services/lenders/reliances.ts is outside what this services may import"),
    ]);
    const allowed = await wallMessages(
      "worker/services/codes/planted.ts",
      'import { issuedEvent } from "#worker/services/integration/webhooks.ts";\nexport const planted = issuedEvent;\n',
    );
    expect(allowed).toEqual([]);
  });
}, 60_000);
