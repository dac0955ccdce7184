// The static half of `npm test`: the SDK's generated code is current and builds, Next's route types are generated,
// then the formatting, the lint and the type check side by side (each mostly one thread: on a 2-core machine the
// three take the time of the longest, not the sum). Each command's output is printed whole when it ends, so two
// never interleave; any failure fails it.
import { spawn, spawnSync } from "node:child_process";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

for (const script of ["sdk:check", "sdk:build"]) {
  const { status } = spawnSync(npm, ["run", "-s", script], { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
// Next's route types and validators (.next/types), which tsc below checks: `next build` does not (next.config.mjs)
{
  const { status } = spawnSync(npx, ["next", "typegen"], { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}

const SIDE_BY_SIDE = [
  ["prettier", [npx, "prettier", "--check", "**/*.{ts,tsx,mjs,js,css}"]],
  ["eslint", [npx, "eslint", "--max-warnings", "0", "--report-unused-disable-directives-severity", "error", "."]],
  ["tsc", [npx, "tsc", "--noEmit"]],
];

function run([name, [command, ...args]]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (d) => output.push(d));
    child.stderr.on("data", (d) => output.push(d));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(output));
      console.log(`${name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(SIDE_BY_SIDE.map(run));
if (results.some((ok) => !ok)) process.exit(1);
