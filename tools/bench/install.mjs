// bench:install — what a newcomer's `npm install` costs (issue 35): a `git clone` of this checkout's HEAD into a
// temporary folder, `npm install` there (postinstall included: prisma generate and the SDK build, as a user gets
// it), then the size of node_modules, its 15 largest packages and the wall time; beside it, in the same run, a
// baseline install of only next + react + react-dom in another temporary folder, so that a slower or busier machine
// shows in both figures. Uses the local npm cache (--prefer-offline): nothing beyond the npm registry.
//
//   npm run bench:install [-- --keep] [--skip-baseline] [--ref COMMIT]
//
// Committed HEAD is measured, not the working tree: commit first (`--ref` measures an earlier commit of the clone,
// for a before/after pair taken under the same load). The machine's load average is printed because
// the 2 cores are shared; a figure taken under load names it.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const keep = process.argv.includes("--keep");
const skipBaseline = process.argv.includes("--skip-baseline");
const refAt = process.argv.indexOf("--ref");
const ref = refAt > 0 ? process.argv[refAt + 1] : null;
const INSTALL_ARGS = ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];

/** Bytes on disk of a folder (du counts hard links once per run, as the disk does). */
function diskBytes(dir) {
  const out = execFileSync("du", ["-sk", dir], { encoding: "utf8" });
  return Number(out.split("\t")[0]) * 1024;
}

/** Every package folder at the top of node_modules (`@scope/name` counted as one), with its size. */
function packageSizes(modules) {
  const rows = [];
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const dir = path.join(modules, entry.name);
    if (!entry.name.startsWith("@")) {
      rows.push({ name: entry.name, bytes: diskBytes(dir) });
      continue;
    }
    // a scope is reported whole (the "@opentelemetry 202 MB") and by its largest member
    const members = readdirSync(dir, { withFileTypes: true }).filter((m) => m.isDirectory());
    const sizes = members.map((m) => ({ name: `${entry.name}/${m.name}`, bytes: diskBytes(path.join(dir, m.name)) }));
    rows.push({
      name: `${entry.name} (${members.length})`,
      bytes: sizes.reduce((sum, s) => sum + s.bytes, 0),
      largest: sizes.sort((a, b) => b.bytes - a.bytes)[0],
    });
  }
  return rows.sort((a, b) => b.bytes - a.bytes);
}

function timedInstall(dir, args) {
  const started = process.hrtime.bigint();
  const result = spawnSync("npm", [...INSTALL_ARGS, ...args], { cwd: dir, stdio: ["ignore", "inherit", "inherit"] });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`npm install in ${dir} failed (exit ${result.status ?? result.signal})`);
  return seconds;
}

const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

function measureProject() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "openkyc-install-"));
  execFileSync("git", ["clone", "--quiet", ROOT, dir]);
  if (ref) execFileSync("git", ["checkout", "--quiet", ref], { cwd: dir });
  const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8" }).trim();
  console.log(`project: clean clone of ${head} in ${dir}; load before: ${load()}`);
  const seconds = timedInstall(dir, []);
  const modules = path.join(dir, "node_modules");
  const result = {
    head,
    dir,
    seconds,
    bytes: diskBytes(modules),
    top: packageSizes(modules).slice(0, 15),
    load: load(),
  };
  if (!keep) rmSync(dir, { recursive: true, force: true });
  return result;
}

function measureBaseline() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "openkyc-install-baseline-"));
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).dependencies;
  // the same versions the project pins, so the baseline is the framework the project cannot do without
  const wanted = ["next", "react", "react-dom"].map((name) => `${name}@${pkg[name]}`);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "baseline", private: true }));
  console.log(`baseline: ${wanted.join(" ")} in ${dir}; load before: ${load()}`);
  const seconds = timedInstall(dir, wanted);
  const result = { seconds, bytes: diskBytes(path.join(dir, "node_modules")), load: load() };
  if (!keep) rmSync(dir, { recursive: true, force: true });
  return result;
}

const project = measureProject();
const baseline = skipBaseline ? null : measureBaseline();

console.log(`\n| package | MB |\n|---|---:|`);
for (const row of project.top) {
  const largest = row.largest ? ` (largest: ${row.largest.name} ${mb(row.largest.bytes)})` : "";
  console.log(`| ${row.name}${largest} | ${mb(row.bytes)} |`);
}
console.log(`\nmachine: ${os.cpus().length} cores, Node ${process.version}, load after: ${project.load}`);
console.log(
  `project (${project.head}): node_modules ${mb(project.bytes)} MB, npm install ${project.seconds.toFixed(1)} s`,
);
if (baseline) {
  console.log(
    `baseline (next react react-dom): node_modules ${mb(baseline.bytes)} MB, ${baseline.seconds.toFixed(1)} s`,
  );
  const size = (project.bytes / baseline.bytes).toFixed(1);
  const time = (project.seconds / baseline.seconds).toFixed(1);
  console.log(`ratio to baseline: size ${size}×, time ${time}×`);
}
