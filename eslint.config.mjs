// ESLint (flat config): the recommended JavaScript and typescript-eslint rules, React's rules of hooks, and
// import-x's no-cycle (modules must not import each other in a circle). Formatting is Prettier's job.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".data/",
      ".cache/",
      ".secrets/",
      "generated/",
      "coverage/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
      "e2e/.state/",
      "tools/tmp/",
      "next-env.d.ts",
      // the SDK's build output and its generated layer (tools/sdk-generate.ts)
      "packages/*/dist/",
      "packages/node/src/generated/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // TypeScript checks names itself (tsc --noEmit runs in npm test)
    files: ["**/*.ts", "**/*.tsx"],
    rules: { "no-undef": "off" },
  },
  {
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // the rules of hooks; the React Compiler's rules (react-hooks 7's "recommended") are not adopted: no compiler here
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-cycle": "error",
      // `_`-prefixed parameters are required by a signature (server actions' previous state, unused callbacks)
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
);
