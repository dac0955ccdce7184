// Run by `npm install` (postinstall): removes from node_modules what this machine can never load, which npm has no
// way to leave out of a package that ships it (issue 35, install weight; docs/architecture.md, "Install weight").
//   - onnxruntime-node's native libraries for the other operating systems and processors: the package ships all six
//     (Windows, macOS, Linux × x64, arm64: 288 MB) and loads bin/napi-v6/<platform>/<arch> only. A node_modules
//     never moves between machines of different kinds (sharp, @napi-rs/canvas and Next's compiler are installed per
//     platform too), so only the running one's is kept.
//   - @ip-location-db/asn's text tables, which the ASN look-up does not read (it reads the numeric ones:
//     lib/engines/geo/asn-lookup.ts).
// Idempotent: a second run finds nothing to remove. Prints what it freed.
import { existsSync, readdirSync, rmSync } from "node:fs";
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
  for (const table of ["asn-ipv4.csv", "asn-ipv6.csv"]) {
    const file = path.join(modules, "@ip-location-db", "asn", table);
    if (existsSync(file)) out.push(file);
  }
  return out;
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
  freedKb += sizeKb(target);
  rmSync(target, { recursive: true, force: true });
}
if (targets.length > 0)
  console.log(
    `[prune-install] removed ${targets.length} folders and files this machine never loads: ${Math.round(freedKb / 1024)} MB`,
  );
