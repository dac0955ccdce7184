// ESLint (flat config): the recommended JavaScript and typescript-eslint rules, React's rules of hooks, the import
// boundaries of docs/architecture.md (R1–R8 as import-x's no-restricted-paths zones) and no import cycles (R9:
// import-x's no-cycle, plus our rule for the cycles that close through a type-only import, which import-x skips).
// Formatting is Prettier's job. test/lint-boundaries.test.ts proves every rule fires.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noTypeCycle from "./tools/lint/no-type-cycle.mjs";

const DATABASE = ["lib/core/db.ts", "lib/core/sql.ts", "generated/prisma", "node_modules/pg", "node_modules/@types/pg"];
const DATABASE_CLIENTS = ["node_modules/@prisma"];
const ABOVE_DOMAIN = ["lib/http", "lib/actions", "app", "components"];
const SERVER_LIB = ["core", "auth", "http", "actions", "domain", "jobs", "checks", "engines"].map(
  (dir) => `lib/${dir}`,
);
const EVERYTHING_OUTSIDE_SHARED = [...SERVER_LIB, "app", "components", "inngest", "server", "test", "tools"];
const EVERYTHING_OUTSIDE_SHARED_ROOT_FILES = ["auth.ts", "proxy.ts", "instrumentation.ts", "generated", "packages"];

// One zone per rule; the message names the rule so a report says which one, and the unit test looks for it.
const boundaries = [
  {
    target: "components",
    from: ["app", ...DATABASE, ...DATABASE_CLIENTS],
    message: "R1: components never import app/ or the database; use a server action from lib/actions/.",
  },
  {
    target: "lib/shared",
    from: [...EVERYTHING_OUTSIDE_SHARED, ...EVERYTHING_OUTSIDE_SHARED_ROOT_FILES],
    message: "R2: lib/shared/ is browser-safe and imports nothing from the project outside lib/shared/.",
  },
  {
    target: "lib/engines",
    from: ["lib/domain", "lib/auth", "lib/checks", "lib/jobs", ...ABOVE_DOMAIN],
    message: "R3: lib/engines/ knows no domain; pass it plain data.",
  },
  {
    target: "lib/checks",
    from: [...DATABASE, "lib/domain", "lib/jobs", ...ABOVE_DOMAIN],
    message: "R4: lib/checks/ gets its data from the job runner; no database, domain or jobs import.",
  },
  {
    target: ["lib/domain", "lib/auth"],
    from: ABOVE_DOMAIN,
    message: "R5: lib/domain/ and lib/auth/ never import lib/http, lib/actions, app or components.",
  },
  {
    target: "lib/core",
    from: [...SERVER_LIB.filter((dir) => dir !== "lib/core"), "app", "components"],
    message: "R6: lib/core/ never imports the layers above it (lib/auth … lib/engines), app or components.",
  },
  {
    target: ["lib/http", "lib/actions"],
    from: ["app", "components"],
    message: "R8: lib/http/ and lib/actions/ never import app/ or components/.",
  },
];
const noTestSupport = {
  target: ["lib", "server", "app", "components", "inngest"],
  from: ["test", "tools"],
  message: "R7: only test files import test/ or tools/.",
};
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx"];
// A test plays the layer above the code it tests: a check's integration test builds the real data ports from domain
// code (as the job runner does), a domain or HTTP test calls the route it serves or checks a payload against the API's schema.
// So test files are free of R4, R5, R7 and R8 and held to every other rule.
const testBoundaries = boundaries.filter((zone) => !/^R[458]:/.test(zone.message));

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
      // the SDK's build output and its generated layer (tools/make/sdk.ts)
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
    plugins: { "react-hooks": reactHooks, "import-x": importX, house: { rules: { "no-type-cycle": noTypeCycle } } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // the rules of hooks; the React Compiler's rules (react-hooks 7's "recommended") are not adopted: no compiler here
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: [...boundaries, noTestSupport] },
      ],
      // a cycle runs through our own files: traversing the packages' type definitions found none and cost a quarter of
      // the lint's time (73.9 → 55.5 s on 2 cores)
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "house/no-type-cycle": "error",
      // `_`-prefixed parameters are required by a signature (server actions' previous state, unused callbacks)
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    // tests may use test/ support and tools/ (R7); every other boundary holds for them too
    files: TEST_FILES,
    rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: testBoundaries }] },
  },
);
