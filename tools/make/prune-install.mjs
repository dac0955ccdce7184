// Run by `npm install` (postinstall): removes from node_modules what this machine can never load, which npm has no
// way to leave out of a package that ships it (issue 35, install weight; docs/architecture.md, "Install weight").
//   - onnxruntime-node's native libraries for the other operating systems and processors: the package ships all six
//     (Windows, macOS, Linux × x64, arm64: 288 MB) and loads bin/napi-v6/<platform>/<arch> only. A node_modules
//     never moves between machines of different kinds (sharp, @napi-rs/canvas and Next's compiler are installed per
//     platform too), so only the running one's is kept.
//   - @ip-location-db/asn's text tables, which the ASN look-up does not read (it reads the numeric ones:
//     lib/engines/geo/asn-lookup.ts).
//   - TensorFlow.js' browser bundles and source maps: @tensorflow/* run on the server only (serverExternalPackages in
//     next.config.mjs: never bundled for a page), where each package loads its `main` (tf-*.node.js) and nothing
//     else of the kind; the ESM tree a bundler would read (dist/index.js and its modules) stays. The full package
//     alone carries 118 MB of maps and 18 MB for WeChat mini-programs.
//   - Prisma's query compiler for the databases the schema does not use: @prisma/client ships it for PostgreSQL,
//     CockroachDB, MySQL, SQLite and SQL Server (fast and small builds, 4 × ~13 MB of base64); the client generated
//     from prisma/schema.prisma imports its datasource provider's only.
// Idempotent: a second run finds nothing to remove. Prints what it freed.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const modules = path.join(ROOT, "node_modules");

function sizeKb(target) {
  return Number(execFileSync("du", ["-sk", target], { encoding: "utf8" }).split("\t")[0]);
}

/** Folders and files to remove: every platform and processor folder but this one's, and the unread tables. */
function unreachable() {
  const out = [];
  const onnx = path.join(modules, "onnxruntime-node", "bin");
  if (existsSync(onnx))
    for (const napi of readdirSync(onnx)) {
      const napiDir = path.join(onnx, napi);
      for (const platform of readdirSync(napiDir)) {
        const platformDir = path.join(napiDir, platform);
        if (platform !== process.platform) {
          out.push(platformDir);
          continue;
        }
        for (const arch of readdirSync(platformDir)) if (arch !== process.arch) out.push(path.join(platformDir, arch));
      }
    }
  out.push(...tensorflowBrowserFiles(), ...otherDatabasesCompilers());
  for (const table of ["asn-ipv4.csv", "asn-ipv6.csv"]) {
    const file = path.join(modules, "@ip-location-db", "asn", table);
    if (existsSync(file)) out.push(file);
  }
  return out;
}

// tf.js, tf.min.js, tf-core.es2017.js, tf-converter.fesm.min.js …: the UMD and browser builds (not the emscripten glue
// tfjs-backend-wasm*.js, which the Node build loads)
const BROWSER_BUNDLE = /^tf(-[\w-]+?)?(\.es2017|\.fesm)?(\.min)?\.js$/;

function tensorflowBrowserFiles() {
  const scope = path.join(modules, "@tensorflow");
  if (!existsSync(scope)) return [];
  const out = [];
  for (const name of readdirSync(scope)) {
    const dir = path.join(scope, name);
    const manifest = path.join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    const main = path.normalize(JSON.parse(readFileSync(manifest, "utf8")).main ?? "");
    const dist = path.join(dir, "dist");
    if (!existsSync(dist)) continue;
    for (const entry of readdirSync(dist, { withFileTypes: true, recursive: true })) {
      const file = path.join(entry.parentPath ?? entry.path, entry.name);
      if (!entry.isFile() || path.relative(dir, file) === main) continue;
      const topLevel = path.dirname(file) === dist;
      if (
        entry.name.endsWith(".map") ||
        (topLevel && (BROWSER_BUNDLE.test(entry.name) || entry.name.endsWith(".html")))
      )
        out.push(file);
    }
    const miniprogram = path.join(dist, "miniprogram");
    if (existsSync(miniprogram)) out.push(miniprogram);
  }
  return out;
}

const COMPILER_FILE = /^query_compiler_(fast|small)_bg\.([a-z]+)\./;

function otherDatabasesCompilers() {
  const schema = path.join(ROOT, "prisma", "schema.prisma");
  const runtime = path.join(modules, "@prisma", "client", "runtime");
  if (!existsSync(schema) || !existsSync(runtime)) return [];
  // the datasource block's provider (the generator block's is "prisma-client")
  const datasource = readFileSync(schema, "utf8").match(/datasource\s+\w+\s*\{[^}]*?provider\s*=\s*"(\w+)"/);
  if (!datasource) return [];
  const provider = datasource[1];
  return readdirSync(runtime)
    .filter((name) => {
      const db = COMPILER_FILE.exec(name)?.[2];
      return db !== undefined && db !== provider;
    })
    .map((name) => path.join(runtime, name));
}

const targets = unreachable();
// the running platform's own library must be there, or this is not a layout we know: remove nothing
const own = path.join(modules, "onnxruntime-node", "bin", "napi-v6", process.platform, process.arch);
if (existsSync(path.join(modules, "onnxruntime-node")) && !existsSync(own)) {
  console.warn(`[prune-install] ${path.relative(ROOT, own)} is missing: nothing removed`);
  process.exit(0);
}
let freedKb = 0;
for (const target of targets) {
  if (!existsSync(target)) continue; // inside a folder already removed
  freedKb += sizeKb(target);
  rmSync(target, { recursive: true, force: true });
}
if (targets.length > 0)
  console.log(
    `[prune-install] removed ${targets.length} folders and files this machine never loads: ${Math.round(freedKb / 1024)} MB`,
  );
