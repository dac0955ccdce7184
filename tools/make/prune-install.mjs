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
//     from prisma/schema.prisma imports its datasource provider's only; the CLI (prisma/build) carries the same five
//     as .wasm files.
//   - Source maps of JavaScript and CSS (`*.js.map`, `*.mjs.map`, `*.cjs.map`, `*.css.map`; 154 MB, Next's 99 MB of
//     them): nothing here runs Node with --enable-source-maps, and where Next maps a stack frame
//     (next/dist/server/patch-error-inspect.js) a frame whose map is missing is shown as compiled and, being in
//     node_modules, ignore-listed as it would be with its map. Declaration maps (`*.d.ts.map`, 4 MB: an editor's
//     "go to definition" into a library's source) stay.
//   - Files a package ships that its code never reads: kuromoji's test suite (a copy of its dictionary among it,
//     22 MB; the package loads src/ and dict/), world-countries' flag drawings and TopoJSON outlines (7 MB; the
//     country map reads data/<cca3>.geo.json only: lib/engines/geo/country-map.ts), tesseract.js-core's base64
//     copies of its WebAssembly for browsers (`*.wasm.js`, 25 MB: Node loads the `.wasm` files through the `.js`
//     loaders), @prisma/studio-core's esbuild reports (`metafile-*.json`, 5 MB), its React library and elkjs, which
//     `prisma studio` does not read (37 MB: prismaStudioLibrary below), effect's TypeScript sources (8 MB).
// Idempotent: a second run finds nothing to remove. Prints what it freed.
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

function sizeKb(target) {
  const stat = lstatSync(target);
  if (!stat.isDirectory()) return stat.size / 1024; // thousands of source maps: no `du` for each
  return Number(execFileSync("du", ["-sk", target], { encoding: "utf8" }).split("\t")[0]);
}

/**
 * What to remove under `root`/node_modules, as absolute paths (folders and files, some inside others): every
 * platform's and processor's onnxruntime library but `platform`/`arch`'s, and what nothing here reads (above).
 * Null when onnxruntime-node is installed without the running platform's own library: not a layout this script
 * knows, so nothing is removed.
 */
export function pruneTargets(root, { platform = process.platform, arch = process.arch } = {}) {
  const modules = path.join(root, "node_modules");
  const own = path.join(modules, "onnxruntime-node", "bin", "napi-v6", platform, arch);
  if (existsSync(path.join(modules, "onnxruntime-node")) && !existsSync(own)) return null;
  const out = [];
  const onnx = path.join(modules, "onnxruntime-node", "bin");
  if (existsSync(onnx))
    for (const napi of readdirSync(onnx)) {
      const napiDir = path.join(onnx, napi);
      for (const name of readdirSync(napiDir)) {
        const platformDir = path.join(napiDir, name);
        if (name !== platform) {
          out.push(platformDir);
          continue;
        }
        for (const cpu of readdirSync(platformDir)) if (cpu !== arch) out.push(path.join(platformDir, cpu));
      }
    }
  out.push(
    ...tensorflowBrowserFiles(modules),
    ...otherDatabasesCompilers(root, modules),
    ...sourceMaps(modules),
    ...unreadPackageFiles(modules),
  );
  for (const table of ["asn-ipv4.csv", "asn-ipv6.csv"]) {
    const file = path.join(modules, "@ip-location-db", "asn", table);
    if (existsSync(file)) out.push(file);
  }
  return out;
}

// tf.js, tf.min.js, tf-core.es2017.js, tf-converter.fesm.min.js …: the UMD and browser builds (not the emscripten glue
// tfjs-backend-wasm*.js, which the Node build loads)
const BROWSER_BUNDLE = /^tf(-[\w-]+?)?(\.es2017|\.fesm)?(\.min)?\.js$/;

function tensorflowBrowserFiles(modules) {
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

const SOURCE_MAP = /\.(?:[cm]?js|css)\.map$/;

function sourceMaps(modules) {
  if (!existsSync(modules)) return [];
  return readdirSync(modules, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE_MAP.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

function unreadPackageFiles(modules) {
  const out = [];
  const kuromojiTests = path.join(modules, "kuromoji", "test");
  if (existsSync(kuromojiTests)) out.push(kuromojiTests);
  // the base64 builds of tesseract's WebAssembly for browsers: in Node, tesseract.js requires
  // tesseract.js-core/tesseract-core-<variant>, which resolves to the .js loader that reads the .wasm file
  const tesseractCore = path.join(modules, "tesseract.js-core");
  if (existsSync(tesseractCore))
    for (const name of readdirSync(tesseractCore))
      if (name.endsWith(".wasm.js")) out.push(path.join(tesseractCore, name));
  // esbuild's build reports, which Prisma Studio's package ships beside its code
  for (const name of ["metafile-cjs.json", "metafile-esm.json"]) {
    const file = path.join(modules, "@prisma", "studio-core", "dist", name);
    if (existsSync(file)) out.push(file);
  }
  out.push(...prismaStudioLibrary(modules), ...effectSources(modules));
  const countries = path.join(modules, "world-countries", "data");
  if (existsSync(countries))
    for (const name of readdirSync(countries))
      if (name.endsWith(".svg") || name.endsWith(".topo.json")) out.push(path.join(countries, name));
  return out;
}

/**
 * @prisma/studio-core's React component library (dist/ui, 29 MB) and the graph layout only it imports (elkjs, 8 MB).
 * The Prisma CLI requires studio-core's data adapters as it loads, but `prisma studio` serves its own bundle
 * (prisma/build/studio.js, with the UI compiled in), so the library form, made for embedding Studio in another
 * React app, is read by nothing here. elkjs' code goes only when studio-core is the one package that depends on it.
 */
function prismaStudioLibrary(modules) {
  const out = [];
  const ui = path.join(modules, "@prisma", "studio-core", "dist", "ui");
  if (existsSync(ui)) out.push(ui);
  const lock = path.join(modules, ".package-lock.json");
  const elk = path.join(modules, "elkjs");
  if (!existsSync(lock) || !existsSync(path.join(elk, "lib"))) return out;
  const dependents = Object.entries(JSON.parse(readFileSync(lock, "utf8")).packages ?? {})
    .filter(([, meta]) =>
      ["dependencies", "optionalDependencies", "peerDependencies"].some((field) => meta[field]?.elkjs !== undefined),
    )
    .map(([name]) => name);
  // its code only: with its manifest there, npm still sees studio-core's dependency met (`npm ls`, the next install)
  if (dependents.length > 0 && dependents.every((name) => name === "node_modules/@prisma/studio-core"))
    out.push(path.join(elk, "lib"));
  return out;
}

/**
 * effect's TypeScript sources (src/, 8 MB; a dependency of @prisma/config): its main, module, types and every export
 * point into dist/. Removed only while its manifest names no src/ path.
 */
function effectSources(modules) {
  const out = [];
  for (const dir of [path.join(modules, "effect"), path.join(modules, "@prisma", "config", "node_modules", "effect")]) {
    const manifest = path.join(dir, "package.json");
    if (!existsSync(path.join(dir, "src")) || !existsSync(manifest)) continue;
    const text = readFileSync(manifest, "utf8");
    if (JSON.parse(text).name === "effect" && !/["'](\.\/)?src\//.test(text)) out.push(path.join(dir, "src"));
  }
  return out;
}

const COMPILER_FILE = /^query_compiler_(fast|small)_bg\.([a-z]+)\./;

function otherDatabasesCompilers(root, modules) {
  const schema = path.join(root, "prisma", "schema.prisma");
  const runtime = path.join(modules, "@prisma", "client", "runtime");
  if (!existsSync(schema) || !existsSync(runtime)) return [];
  // the datasource block's provider (the generator block's is "prisma-client")
  const datasource = readFileSync(schema, "utf8").match(/datasource\s+\w+\s*\{[^}]*?provider\s*=\s*"(\w+)"/);
  if (!datasource) return [];
  const provider = datasource[1];
  // the client's runtime, and the CLI's own copies (prisma/build: .js, .mjs and .wasm per database)
  const dirs = [runtime, path.join(modules, "prisma", "build")].filter((dir) => existsSync(dir));
  return dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => {
        const db = COMPILER_FILE.exec(name)?.[2];
        return db !== undefined && db !== provider;
      })
      .map((name) => path.join(dir, name)),
  );
}

/** Removes `pruneTargets(root)`; returns how many targets there were and the kilobytes freed (null: nothing done). */
export function prune(root, options) {
  const targets = pruneTargets(root, options);
  if (targets === null) return null;
  let freedKb = 0;
  for (const target of targets) {
    if (!existsSync(target)) continue; // inside a folder already removed
    freedKb += sizeKb(target);
    rmSync(target, { recursive: true, force: true });
  }
  return { targets: targets.length, freedKb };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const result = prune(root);
  if (result === null)
    console.warn(
      `[prune-install] onnxruntime-node has no library for ${process.platform}/${process.arch} here: nothing removed`,
    );
  else if (result.targets > 0)
    console.log(
      `[prune-install] removed ${result.targets} folders and files this machine never loads: ${Math.round(result.freedKb / 1024)} MB`,
    );
}
