import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The import rules of docs/architecture.md (R1–R9) are only as good as the lint that enforces them: each one is
// broken here on purpose, by a file that exists only in this test (lintText with a path inside the real tree, so the
// zones and the `@/` resolver see it where it claims to be), and the lint must say which rule it broke.

const root = path.resolve(import.meta.dirname, "..");
const BOUNDARIES = ["import-x/no-restricted-paths"];
const CYCLES = ["import-x/no-cycle", "house/no-type-cycle"];

// One ESLint for the file; each case runs only the rules it is about (the cycle rules walk the whole module graph,
// which the boundary cases need not pay for). Any message of those rules fails a case that expects none.
let eslint: ESLint;
let rules: string[] = [];
beforeAll(() => {
  eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => rules.includes(ruleId) });
});

async function lint(file: string, code: string, only = BOUNDARIES) {
  rules = only;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe("import boundaries", () => {
  it.each([
    ["R1", "components/dashboard/__probe.tsx", `import { prisma } from "@/lib/core/db";\nexport const p = prisma;`],
    ["R1", "components/verify/__probe.tsx", `import pg from "pg";\nexport const p = pg;`],
    ["R1", "components/dashboard/__probe.tsx", `import { GET } from "@/app/api/ready/route";\nexport const g = GET;`],
    ["R2", "lib/shared/__probe.ts", `import { env } from "@/lib/core/env";\nexport const e = env;`],
    [
      "R3",
      "lib/engines/__probe.ts",
      `import { recordAudit } from "@/lib/domain/audit/record-audit";\nexport const r = recordAudit;`,
    ],
    ["R4", "lib/checks/__probe.ts", `import { prisma } from "@/lib/core/db";\nexport const p = prisma;`],
    [
      "R4",
      "lib/checks/__probe.ts",
      `import { recordAudit } from "@/lib/domain/audit/record-audit";\nexport const r = recordAudit;`,
    ],
    [
      "R5",
      "lib/domain/hosted/__probe.ts",
      `import { errorBody } from "@/lib/http/errors";\nexport const e = errorBody;`,
    ],
    ["R5", "lib/auth/__probe.ts", `import { action } from "@/lib/actions/action";\nexport const a = action;`],
    [
      "R6",
      "lib/core/__probe.ts",
      `import { recordAudit } from "@/lib/domain/audit/record-audit";\nexport const r = recordAudit;`,
    ],
    [
      "R7",
      "lib/domain/verifications/__probe.ts",
      `import { createTestAccount } from "@/test/fixtures";\nexport const c = createTestAccount;`,
    ],
    ["R7", "server/__probe.ts", `import * as bench from "@/tools/bench/rescreen";\nexport const b = bench;`],
    ["R8", "lib/http/__probe.ts", `import { GET } from "@/app/api/ready/route";\nexport const g = GET;`],
  ])("%s fires for %s", async (rule, file, code) => {
    const messages = await lint(file, code);
    expect(messages).toEqual([expect.stringMatching(new RegExp(`^import-x/no-restricted-paths: .*${rule}:`))]);
  });

  it("lets test files use test/ support and play the layer above (R4, R5, R7, R8), and holds them to every other rule", async () => {
    const domainTest = "lib/domain/verifications/__probe.integration.test.ts";
    expect(
      await lint(
        domainTest,
        `import { createTestAccount } from "@/test/fixtures";\nexport const c = createTestAccount;`,
      ),
    ).toEqual([]);
    expect(
      await lint(domainTest, `import { errorBody } from "@/lib/http/errors";\nexport const e = errorBody;`),
    ).toEqual([]);
    const checkTest = "lib/checks/email-check/__probe.integration.test.ts";
    expect(await lint(checkTest, `import { prisma } from "@/lib/core/db";\nexport const p = prisma;`)).toEqual([]);
    const engineTest = "lib/engines/names/__probe.test.ts";
    expect(
      await lint(
        engineTest,
        `import { screenName } from "@/lib/domain/watchlist/screen-name";\nexport const s = screenName;`,
      ),
    ).toEqual([expect.stringMatching(/R3:/)]);
    const componentTest = "components/dashboard/__probe.test.ts";
    expect(await lint(componentTest, `import { prisma } from "@/lib/core/db";\nexport const p = prisma;`)).toEqual([
      expect.stringMatching(/R1:/),
    ]);
  });

  it("allows what runs downward: a component importing shared code and domain types", async () => {
    const code = [
      `import { COUNTRY_CODES } from "@/lib/shared/countries";`,
      `import type { CallerScope } from "@/lib/auth/caller-scope";`,
      `export const codes: string[] = [...COUNTRY_CODES];`,
      `export type Scope = CallerScope;`,
    ].join("\n");
    expect(await lint("components/dashboard/__probe.tsx", code)).toEqual([]);
  });
});

describe("import cycles (R9)", () => {
  // lib/http/handler.ts imports lib/http/errors.ts; errors importing handler back closes a cycle
  const errorsFile = "lib/http/errors.ts";
  const errors = readFileSync(path.join(root, errorsFile), "utf8");

  it("reports a cycle of value imports", async () => {
    const messages = await lint(
      errorsFile,
      `import { json } from "@/lib/http/handler";\nexport const j = json;\n${errors}`,
      CYCLES,
    );
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
  });

  it("reports a cycle that closes through a type-only import, which import-x/no-cycle skips", async () => {
    const code = `import type { HandlerContext } from "@/lib/http/handler";\nexport type C = HandlerContext<never, never, never>;\n${errors}`;
    expect(await lint(errorsFile, code, CYCLES)).toEqual([
      "house/no-type-cycle: Import cycle through a type-only import (R9): lib/http/errors.ts → lib/http/handler.ts → lib/http/errors.ts. Move the shared type down a layer.",
    ]);
  });

  it("accepts the file as it is", async () => {
    expect(await lint(errorsFile, errors, [...BOUNDARIES, ...CYCLES])).toEqual([]);
  });
});
