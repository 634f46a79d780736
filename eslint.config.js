import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", ".builds", ".wrangler", ".data", "node_modules", "migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Browser code must never reach into the Worker (separate runtimes, secrets).
      "no-restricted-imports": ["error", { patterns: ["**/worker/**", "**/schema/tables*"] }],
    },
  },
  {
    files: ["scripts/**/*.ts", "tests/**/*.ts", "bench/**/*.ts", "*.config.ts"],
    languageOptions: { globals: globals.node },
  },
);
