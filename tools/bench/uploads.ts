// `npm run bench:uploads`: the memory a burst of large send-inputs uploads costs the service (issue 33, item 4).
// Each scenario sends BENCH_UPLOADS_CONCURRENT (4) uploads of BENCH_UPLOADS_MIB (60) MiB at once to the real
// send-inputs route handler (app/api/v1/…/send-inputs/route.ts, in-process: authentication, consent, body reading,
// idempotency, sendInputs), each body a stream made chunk by chunk (64 KiB, fresh buffers, as a socket hands them
// over) so the sender holds nothing. Every scenario runs in a child process of its own; its figure is
//   RSS growth = peak RSS (sampled every 5 ms) − RSS after a warm-up request and a full GC,
// compared with 2 × one upload's size. Baseline, in the same run: the reading path as it was before issue 33
// (whole body buffered by the idempotency wrapper, copied into a Request, buffered again, parsed by
// Response.formData(), each file copied out; consent checked afterwards in sendInputs), replicated below from that
// code, on the same bodies. Prints a table and ONE JSON line (also bench-results/uploads.json). Nothing asserted.
// Recorded runs: docs/benchmarks.md.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { prisma } from "@/lib/core/db";
import { stampHeaders } from "@/lib/http/client-ip";
import { readBodyLimited } from "@/lib/http/body";
import { createAccount } from "@/lib/domain/accounts/create-account";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { publishWorkflow } from "@/lib/domain/flows/publish-workflow";
import { DEMO_WORKFLOWS } from "@/lib/domain/flows/demo-workflows";
import { startVerification } from "@/lib/domain/verifications/start-verification";
import { issueHostedSession } from "@/lib/domain/hosted/open-session";
import { recordConsent } from "@/lib/domain/hosted/record-consent";
import { CONSENT_TEXT_VERSION } from "@/lib/domain/hosted/consent-terms";
import { sendInputs } from "@/lib/domain/verifications/send-inputs";
import { MAX_VIDEO_BYTES } from "@/lib/domain/flows/inputs";
import { errorResponse } from "@/lib/http/handler";
import type { RawInput } from "@/lib/domain/verifications/raw-input";
// @ts-expect-error -- plain ESM helpers shared by the bench scripts
import { machine, printTable, writeReport } from "./common.mjs";
import { runMigrations } from "../../server/db";

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CONCURRENT = setting("BENCH_UPLOADS_CONCURRENT", 4);
const UPLOAD_MIB = setting("BENCH_UPLOADS_MIB", 60);
const MiB = 2 ** 20;
const CHUNK = 64 * 1024;
const BOUNDARY = "----bench-uploads-boundary";
const log = (msg: string) => console.error(`[bench:uploads] ${msg}`);

type Caller = "session" | "session-consented" | "key";
type Scenario = { name: string; path: "before" | "after"; caller: Caller; mib: number; declareLength: boolean };
const SCENARIOS: Scenario[] = [
  // an anonymous hosted session that never consented (issue 33's attack)
  { name: "no consent, before", path: "before", caller: "session", mib: UPLOAD_MIB, declareLength: true },
  { name: "no consent, after", path: "after", caller: "session", mib: UPLOAD_MIB, declareLength: true },
  // a consented session (or an API key) sending a video over the 50 MiB limit, Content-Length declared
  { name: "over limit, before", path: "before", caller: "session-consented", mib: UPLOAD_MIB, declareLength: true },
  { name: "over limit, after", path: "after", caller: "session-consented", mib: UPLOAD_MIB, declareLength: true },
  // the same without Content-Length (chunked): read until the part's own limit
  { name: "over limit chunked, after", path: "after", caller: "key", mib: UPLOAD_MIB, declareLength: false },
  // within the limits: read whole, then refused by its content (not a video) — the reading path at full size
  { name: "within limit, before", path: "before", caller: "key", mib: 45, declareLength: true },
  { name: "within limit, after", path: "after", caller: "key", mib: 45, declareLength: true },
];

type Setup = {
  accountId: string;
  clientId: string;
  apiKey: string;
  workflowId: string;
  /** per upload: a verification whose session never consented, and another whose session did */
  verifications: { id: string; session: string; otherId: string; consented: string }[];
};

/** The verification an upload goes to: the consented one for a consented session, else the first. */
const targetOf = (setup: Setup, index: number, caller: Caller) =>
  caller === "session-consented" ? setup.verifications[index]!.otherId : setup.verifications[index]!.id;

/** A multipart body: `inputs` (complete: false) and one SELFIE_VIDEO part of `bytes` bytes, made as it is pulled. */
function uploadStream(bytes: number) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="complete"\r\n\r\nfalse\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="SELFIE_VIDEO"; filename="selfie.webm"\r\n` +
      `Content-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const total = head.length + bytes + tail.length;
  let sent = 0;
  const tailStart = total - tail.length;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(CHUNK, total - sent);
      const chunk = Buffer.allocUnsafe(size).fill(0x5a);
      if (sent < head.length) head.copy(chunk, 0, sent, Math.min(head.length, sent + size));
      if (sent + size > tailStart) tail.copy(chunk, Math.max(0, tailStart - sent), Math.max(0, sent - tailStart));
      sent += size;
      controller.enqueue(chunk);
    },
  });
  return { stream, total };
}

function requestFor(setup: Setup, index: number, scenario: Scenario): Request {
  const verification = setup.verifications[index]!;
  const { stream, total } = uploadStream(scenario.mib * MiB);
  const headers = new Headers(stampHeaders(`198.51.100.${10 + index}`));
  headers.set("content-type", `multipart/form-data; boundary=${BOUNDARY}`);
  if (scenario.declareLength) headers.set("content-length", String(total));
  // the hosted page and the SDK send one per request: the idempotency wrapper is on the path measured
  headers.set("idempotency-key", `bench-${scenario.path}-${index}-${Date.now()}`);
  if (scenario.caller === "key") {
    headers.set("authorization", `Bearer ${setup.apiKey}`);
    headers.set("x-client-id", setup.clientId);
  } else
    headers.set(
      "authorization",
      `Bearer ${scenario.caller === "session" ? verification.session : verification.consented}`,
    );
  const url = `http://localhost:3000/api/v1/verifications/${targetOf(setup, index, scenario.caller)}/send-inputs`;
  return new Request(url, { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
}

/**
 * The reading path before issue 33, replicated from that code (lib/http/idempotency.ts withIdempotency +
 * lib/http/read-inputs-request.ts readMultipart), after the same authentication: every copy it made is made here.
 */
async function beforePath(request: Request, setup: Setup, index: number, scenario: Scenario): Promise<Response> {
  const verificationId = targetOf(setup, index, scenario.caller);
  try {
    const max = Math.ceil((MAX_VIDEO_BYTES * 4) / 3) + 4 * MiB;
    const raw = await readBodyLimited(request, max);
    const hash = createHash("sha256").update(`POST ${new URL(request.url).pathname}\n`);
    hash.update(raw.toString("latin1").split(BOUNDARY).join(""), "latin1");
    hash.digest("hex");
    const replay = new Request(request.url, { method: "POST", headers: request.headers, body: new Uint8Array(raw) });
    const again = await readBodyLimited(replay, max);
    const form = await new Response(new Uint8Array(again), {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
    const items: RawInput[] = [];
    for (const [name, part] of form.entries())
      if (typeof part !== "string")
        items.push({ fieldName: name, type: "FILE", file: Buffer.from(await part.arrayBuffer()) });
    const caller =
      scenario.caller === "key"
        ? { accountId: setup.accountId, session: null, mode: "live" as const }
        : {
            accountId: setup.accountId,
            session: { verificationId, workflowId: setup.workflowId },
            mode: null,
          };
    return Response.json(await sendInputs(caller, verificationId, items, false));
  } catch (error) {
    return errorResponse(error, request, "bench");
  }
}

async function runScenario(setup: Setup, scenario: Scenario) {
  const { POST } = await import("@/app/api/v1/verifications/[verificationId]/send-inputs/route");
  const send = (index: number, as = scenario) => {
    const request = requestFor(setup, index, as);
    if (as.path === "before") return beforePath(request, setup, index, as);
    return POST(request, { params: Promise.resolve({ verificationId: targetOf(setup, index, as.caller) }) });
  };
  // warm-up: modules, the database pool, a first (small) request's allocations
  await send(0, { ...scenario, mib: 0.05 }).then((r) => r.text());
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) gc?.();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const responses = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => send(i)));
  const statuses = await Promise.all(
    responses.map(async (r) => `${r.status} ${((await r.json()) as { error?: string }).error ?? "ok"}`),
  );
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    scenario: scenario.name,
    baseRssMiB: Math.round(base / MiB),
    growthMiB: Math.round((peak - base) / MiB),
    limitMiB: 2 * scenario.mib,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    statuses: [...new Set(statuses)].map((s) => `${statuses.filter((t) => t === s).length}× ${s}`).join(", "),
  };
}

async function setUp(): Promise<Setup> {
  log(`migrating: ${await runMigrations("deploy")}`);
  const stamp = Date.now();
  const account = await createAccount({
    accountName: `Bench uploads ${stamp}`,
    email: `bench-uploads-${stamp}@bench.openkyc.local`,
    password: `bench-${stamp}-password`,
  });
  const definition = DEMO_WORKFLOWS.find((w) => w.name === "liveness")!;
  const { workflowId } = await publishWorkflow(account.accountId, definition);
  const key = await createApiKey(account.accountId, {
    name: "bench uploads",
    scopes: ["verification:inputs"],
    rateLimitPerMinute: 1_000_000,
  });
  const verifications = [];
  for (let i = 0; i < CONCURRENT; i++) {
    const started = await startVerification({
      accountId: account.accountId,
      clientId: account.clientId,
      flowId: workflowId,
      metadata: {},
      ipAddress: "127.0.0.1",
    });
    const session = (await issueHostedSession(started.verificationId)).sessionToken;
    // the other verifications' sessions: a second, consented verification per slot
    const other = await startVerification({
      accountId: account.accountId,
      clientId: account.clientId,
      flowId: workflowId,
      metadata: {},
      ipAddress: "127.0.0.1",
    });
    const consented = (await issueHostedSession(other.verificationId)).sessionToken;
    await recordConsent(
      { accountId: account.accountId, verificationId: other.verificationId },
      { decision: "GIVEN", textVersion: CONSENT_TEXT_VERSION, language: "en", biometric: true },
      "127.0.0.1",
    );
    verifications.push({ id: started.verificationId, session, consented, otherId: other.verificationId });
  }
  return {
    accountId: account.accountId,
    clientId: account.clientId,
    apiKey: key.key,
    workflowId,
    verifications,
  };
}

async function main() {
  const child = process.argv.indexOf("--scenario");
  if (child >= 0) {
    const setup = JSON.parse(process.env.BENCH_UPLOADS_SETUP!) as Setup;
    const scenario = SCENARIOS.find((s) => s.name === process.argv[child + 1])!;
    console.log(JSON.stringify(await runScenario(setup, scenario)));
    return;
  }
  const setup = await setUp();
  const rows = [];
  try {
    for (const scenario of SCENARIOS) {
      log(`${scenario.name}: ${CONCURRENT} × ${scenario.mib} MiB`);
      const run = spawnSync(
        process.execPath,
        ["--expose-gc", "--import", "tsx", "--conditions=react-server", __filename, "--scenario", scenario.name],
        {
          env: { ...process.env, BENCH_UPLOADS_SETUP: JSON.stringify(setup) },
          encoding: "utf8",
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      if (run.status !== 0) throw new Error(`${scenario.name} failed (exit ${run.status ?? run.signal})`);
      rows.push(JSON.parse(run.stdout.trim().split("\n").at(-1)!));
    }
  } finally {
    await prisma.verification.deleteMany({ where: { accountId: setup.accountId } });
    await prisma.account.deleteMany({ where: { id: setup.accountId } });
  }
  printTable(
    ["scenario", "MiB each", "RSS growth MiB", "2× one upload", "seconds", "answers"],
    rows.map((r, i) => [r.scenario, SCENARIOS[i]!.mib, r.growthMiB, r.limitMiB, r.seconds, r.statuses]),
  );
  writeReport("uploads", { machine: machine(), concurrent: CONCURRENT, rows }, log);
}

void main()
  .catch((error) => {
    console.error(`[bench:uploads] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
