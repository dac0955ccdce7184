import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { prune, pruneTargets } from "@/tools/make/prune-install.mjs";

// A node_modules laid out like the real one where the script looks, with files it must keep beside each it removes.
const KEEP = [
  "node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1",
  "node_modules/@prisma/client/runtime/query_compiler_fast_bg.postgresql.js",
  "node_modules/prisma/build/query_compiler_fast_bg.postgresql.wasm",
  "node_modules/next/dist/server/next.js",
  "node_modules/next/dist/server/next.d.ts.map",
  "node_modules/kuromoji/src/kuromoji.js",
  "node_modules/kuromoji/dict/base.dat.gz",
  "node_modules/tesseract.js-core/tesseract-core-simd.js",
  "node_modules/tesseract.js-core/tesseract-core-simd.wasm",
  "node_modules/@prisma/studio-core/dist/data/postgresjs/index.js",
  "node_modules/elkjs/package.json",
  "node_modules/@prisma/config/node_modules/effect/dist/cjs/index.js",
  "node_modules/world-countries/data/abw.geo.json",
  "node_modules/@ip-location-db/asn/asn-ipv4-num.csv",
];
const REMOVE = [
  "node_modules/onnxruntime-node/bin/napi-v6/linux/arm64/libonnxruntime.so.1",
  "node_modules/onnxruntime-node/bin/napi-v6/darwin/arm64/libonnxruntime.dylib",
  "node_modules/onnxruntime-node/bin/napi-v6/win32/x64/onnxruntime.dll",
  "node_modules/@prisma/client/runtime/query_compiler_fast_bg.mysql.js",
  "node_modules/prisma/build/query_compiler_small_bg.sqlite.wasm",
  "node_modules/next/dist/server/next.js.map",
  "node_modules/next/dist/compiled/x/index.cjs.map",
  "node_modules/some-ui/dist/style.css.map",
  "node_modules/kuromoji/test/TokenizerTest.js",
  "node_modules/tesseract.js-core/tesseract-core-simd.wasm.js",
  "node_modules/@prisma/studio-core/dist/ui/index.js",
  "node_modules/@prisma/studio-core/dist/metafile-esm.json",
  "node_modules/elkjs/lib/main.js",
  "node_modules/@prisma/config/node_modules/effect/src/index.ts",
  "node_modules/world-countries/data/abw.svg",
  "node_modules/world-countries/data/abw.topo.json",
  "node_modules/@ip-location-db/asn/asn-ipv4.csv",
];

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(elkDependents = ["node_modules/@prisma/studio-core"]): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "prune-install-"));
  roots.push(root);
  for (const file of [...KEEP, ...REMOVE]) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "x".repeat(2048));
  }
  mkdirSync(path.join(root, "prisma"));
  writeFileSync(
    path.join(root, "prisma", "schema.prisma"),
    'generator client {\n  provider = "prisma-client"\n}\n\ndatasource db {\n  provider = "postgresql"\n}\n',
  );
  writeFileSync(
    path.join(root, "node_modules/@prisma/config/node_modules/effect/package.json"),
    JSON.stringify({ name: "effect", main: "./dist/cjs/index.js", exports: { ".": "./dist/cjs/index.js" } }),
  );
  const packages = Object.fromEntries(elkDependents.map((name) => [name, { dependencies: { elkjs: "0.11.1" } }]));
  writeFileSync(path.join(root, "node_modules/.package-lock.json"), JSON.stringify({ packages }));
  // a workspace package linked into node_modules: its own files are not node_modules' to prune
  mkdirSync(path.join(root, "packages/sdk/dist"), { recursive: true });
  writeFileSync(path.join(root, "packages/sdk/dist/index.js.map"), "{}");
  mkdirSync(path.join(root, "node_modules/@openkyc"), { recursive: true });
  symlinkSync(path.join(root, "packages/sdk"), path.join(root, "node_modules/@openkyc/sdk"));
  return root;
}

const linux = { platform: "linux", arch: "x64" };

describe("prune-install", () => {
  it("removes what nothing loads on this platform and keeps what is read", () => {
    const root = tree();
    const result = prune(root, linux);
    expect(result?.freedKb).toBeGreaterThan(0);
    for (const file of REMOVE) expect(existsSync(path.join(root, file)), file).toBe(false);
    for (const file of KEEP) expect(existsSync(path.join(root, file)), file).toBe(true);
    expect(existsSync(path.join(root, "packages/sdk/dist/index.js.map"))).toBe(true);
  });

  it("finds nothing more to remove on a second run", () => {
    const root = tree();
    prune(root, linux);
    expect(pruneTargets(root, linux)).toEqual([]);
  });

  it("keeps elkjs' code when another package than Prisma Studio depends on it", () => {
    const root = tree(["node_modules/@prisma/studio-core", "node_modules/some-diagram-tool"]);
    prune(root, linux);
    expect(existsSync(path.join(root, "node_modules/elkjs/lib/main.js"))).toBe(true);
    expect(existsSync(path.join(root, "node_modules/@prisma/studio-core/dist/ui/index.js"))).toBe(false);
  });

  it("keeps effect's sources when its manifest points into them", () => {
    const root = tree();
    writeFileSync(
      path.join(root, "node_modules/@prisma/config/node_modules/effect/package.json"),
      JSON.stringify({
        name: "effect",
        exports: { ".": { source: "./src/index.ts", default: "./dist/cjs/index.js" } },
      }),
    );
    prune(root, linux);
    expect(existsSync(path.join(root, "node_modules/@prisma/config/node_modules/effect/src/index.ts"))).toBe(true);
  });

  it("removes nothing where onnxruntime-node has no library for the running platform", () => {
    const root = tree();
    expect(prune(root, { platform: "freebsd", arch: "x64" })).toBeNull();
    for (const file of REMOVE) expect(existsSync(path.join(root, file)), file).toBe(true);
  });
});
