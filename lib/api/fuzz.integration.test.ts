// Property-based fuzzing of every endpoint on real PostgreSQL: whatever arrives (wrong types, odd Unicode, huge
// or deeply nested bodies, random bytes, wrong content types, garbage credentials and ids), the answer is a 2xx
// in the endpoint's documented shape or a 4xx `{error, message, details?}` whose code agrees with ERROR_STATUS.
// Never a 5xx. FUZZ_SCALE=5 runs five times as many cases (the default keeps the file well under a minute).
import { randomInt } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import { z } from "zod";
import { ERROR_STATUS } from "@/lib/api/errors";
import {
  DocumentTypeList,
  ErrorResponse,
  SendInputsResponse,
  StartVerificationResponse,
  VerificationRecord,
  VerificationStatusResponse,
} from "@/lib/api/schemas";
import { resetEnvCache } from "@/lib/env";
import { call, type ApiResponse, type CallOptions } from "@/lib/testing/api-client";
import { createTestAccount, startVerification, type TestAccount } from "@/lib/testing/fixtures";
import { jpeg, png, webm } from "@/lib/testing/images";
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, fileKindOf } from "@/lib/workflows/inputs";

// One session token is used for hundreds of requests here; its per-verification limit (120/min) would turn
// most of them into 429s and hide the validation paths. A 429 would still be checked like any other answer.
process.env.SESSION_RATE_LIMIT_PER_MINUTE = "1000000";
resetEnvCache();

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const TIMEOUT = 120_000 * Math.max(1, SCALE);

// ---------------------------------------------------------------------------------------------------------
// What every answer must look like

type Endpoint = "start" | "get" | "status" | "sendInputs" | "emailOtp" | "documentTypes" | "supportedTypes" | "hostedSession";

const HostedSessionResponse = z.object({ verificationId: z.uuid(), flowId: z.uuid(), sessionToken: z.string().startsWith("vst_"), expiresAt: z.iso.datetime() }).strict();

const SUCCESS: Record<Endpoint, { status: number; schema: z.ZodType | null }> = {
  start: { status: 201, schema: StartVerificationResponse },
  get: { status: 200, schema: VerificationRecord },
  status: { status: 200, schema: VerificationStatusResponse },
  sendInputs: { status: 200, schema: SendInputsResponse },
  emailOtp: { status: 204, schema: null },
  documentTypes: { status: 200, schema: DocumentTypeList },
  supportedTypes: { status: 200, schema: DocumentTypeList },
  hostedSession: { status: 200, schema: HostedSessionResponse },
};

const StrictError = ErrorResponse.strict();

function problemsOf(endpoint: Endpoint, response: ApiResponse): string[] {
  const problems: string[] = [];
  const { status } = response;
  if (status < 200 || status >= 500) problems.push(`status ${status} (expected 2xx or 4xx)`);
  if (status === 204) {
    if (response.text !== "") problems.push("204 with a body");
    if (endpoint !== "emailOtp") problems.push("unexpected 204");
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return [...problems, "the body is not JSON"];
  }
  if (!/^application\/json\b/i.test(response.headers.get("content-type") ?? "")) problems.push(`content-type ${response.headers.get("content-type")}`);
  if (status >= 400) {
    const parsed = StrictError.safeParse(body);
    if (!parsed.success) return [...problems, `error body is not {error, message, details?}: ${z.prettifyError(parsed.error)}`];
    const expected = (ERROR_STATUS as Record<string, number>)[parsed.data.error];
    if (expected === undefined) problems.push(`unknown error code ${parsed.data.error}`);
    else if (expected !== status) problems.push(`${parsed.data.error} came with HTTP ${status}; ERROR_STATUS says ${expected}`);
    if (!parsed.data.message) problems.push("empty message");
    if (status === 429 && !response.headers.get("retry-after")) problems.push("429 without Retry-After");
    return problems;
  }
  const success = SUCCESS[endpoint];
  if (status !== success.status) problems.push(`success status ${status}, expected ${success.status}`);
  const parsed = success.schema?.safeParse(body);
  if (parsed && !parsed.success) problems.push(`success body does not match its schema: ${z.prettifyError(parsed.error)}`);
  return problems;
}

// The server logs unknown failures (name, code, stack frames) with console.error: keep it for the report.
let serverLog: string[] = [];

/** Every failed credential counts against the caller's address (300/min): each request comes from a new one. */
function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

// FUZZ_STATS=1 prints how often each endpoint answered each status and code (is validation being reached?).
const outcomes = new Map<string, number>();

function describeBody(body: unknown): string {
  if (body === undefined) return "(none)";
  if (body instanceof FormData) {
    return [...body.entries()].map(([name, part]) => `${JSON.stringify(name)}=${typeof part === "string" ? JSON.stringify(part.slice(0, 300)) : `<file ${part.size} bytes>`}`).join(", ");
  }
  if (body instanceof Uint8Array) return `${body.length} bytes: ${JSON.stringify(Buffer.from(body.subarray(0, 600)).toString("utf8"))}`;
  return JSON.stringify(body)?.slice(0, 600) ?? String(body);
}

async function fuzzCall(endpoint: Endpoint, path: string, options: CallOptions): Promise<ApiResponse> {
  serverLog = [];
  const response = await call(path, { ...options, ip: randomIp() });
  const outcome = `${endpoint} ${response.status} ${(response.body as { error?: string } | undefined)?.error ?? ""}`.trim();
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  const problems = problemsOf(endpoint, response);
  if (problems.length) {
    throw new Error(
      [
        `${options.method ?? (options.body === undefined ? "GET" : "POST")} ${path.slice(0, 300)} → ${response.status}`,
        ...problems.map((p) => `  - ${p}`),
        `  request headers: ${JSON.stringify({ ...options.headers, ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }), ...(options.clientId === undefined ? {} : { "x-client-id": options.clientId }) }).slice(0, 600)}`,
        `  request body: ${describeBody(options.body)}`,
        `  response body: ${response.text.slice(0, 600)}`,
        serverLog.length ? `  server log:\n${serverLog.join("\n")}` : "  server log: (empty)",
      ].join("\n"),
    );
  }
  return response;
}

// ---------------------------------------------------------------------------------------------------------
// Test data: one account with the demo workflows and a verification of each, plus another tenant

let account: TestAccount;
let other: TestAccount;
type PoolEntry = { workflow: string; workflowId: string; verificationId: string; resumeToken: string; sessionToken: string; fields: string[] };
let pool: PoolEntry[] = [];
let otherVerificationId: string;
let otherSessionToken: string;
const realFiles: Record<"jpeg" | "png" | "webm", Buffer> = { jpeg: Buffer.alloc(0), png: Buffer.alloc(0), webm: Buffer.alloc(0) };

/** fixtures' sessionTokenFor, from a fresh address each time (the hosted endpoint is limited per IP). */
async function sessionTokenFor(verificationUrl: string): Promise<string> {
  const url = new URL(verificationUrl);
  const body = { verificationId: url.searchParams.get("verificationId"), token: url.searchParams.get("token") };
  const response = await call("/api/hosted/session", { body, ip: randomIp() });
  if (response.status !== 200) throw new Error(`session failed: ${response.status} ${response.text}`);
  return response.body.sessionToken;
}

async function poolEntry(target: TestAccount, workflow: string): Promise<PoolEntry> {
  const started = await startVerification(target, workflow, { reference: `fuzz-${workflow}` });
  return {
    workflow,
    workflowId: started.flowId,
    verificationId: started.verificationId,
    resumeToken: new URL(started.verificationUrl).searchParams.get("token")!,
    sessionToken: await sessionTokenFor(started.verificationUrl),
    fields: (started as unknown as { inputs: { fieldName: string }[] }).inputs.map((i) => i.fieldName),
  };
}

beforeAll(async () => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    serverLog.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
  });
  [account, other] = await Promise.all([createTestAccount({ rateLimitPerMinute: 1_000_000 }), createTestAccount({ rateLimitPerMinute: 1_000_000 })]);
  pool = [];
  for (const workflow of Object.keys(account.workflows)) pool.push(await poolEntry(account, workflow));
  const foreign = await poolEntry(other, "full-kyc");
  otherVerificationId = foreign.verificationId;
  otherSessionToken = foreign.sessionToken;
  realFiles.jpeg = await jpeg(64, 48, true);
  realFiles.png = await png(32, 20);
  realFiles.webm = webm(256);
});

afterAll(() => {
  vi.restoreAllMocks();
  if (process.env.FUZZ_STATS) console.log([...outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`).join("\n"));
});

// ---------------------------------------------------------------------------------------------------------
// Generators

const NASTY = [
  "\u0000", "\ud800", "\udfff", "\udc00\ud800", "\u202e", "\u200f", "\u200b", "\ufeff", "\uffff", "\ufffd", "\u0301",
  "😀", "👨‍👩‍👧", "𝕏", "ﷺ", "İ", "ß", "'", '"', "\\", "%", "%00", "%ZZ", "../", "<script>", "${x}", "\r\n", "\t", " ",
  "null", "NaN", "-0", "1e400", "__proto__", "constructor", "ⅷ", "٣",
];
const charArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
);
const weirdString = fc.string({ unit: charArb, maxLength: 40 });
const hugeString = fc
  .tuple(fc.constantFrom(300, 5_000, 20_000, 70_000, 300_000), fc.constantFrom("x", "é", "😀", "\u0000", "\ud800", "9", " "))
  .map(([n, c]) => c.repeat(n));
const anyString = fc.oneof({ weight: 8, arbitrary: weirdString }, { weight: 1, arbitrary: hugeString });
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3, stringUnit: charArb }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -0, [], {}, "", [[]], { "": "" }) },
  { weight: 1, arbitrary: anyString },
);
/** An object nested `depth` levels deep, as a value (JSON.stringify of it is what gets sent). */
const deepObject = fc.integer({ min: 5, max: 60 }).map((depth) => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
/** JSON texts no JSON.stringify makes: huge nesting, numbers out of range, BOMs, trailing garbage. */
const rawJsonText = fc.oneof(
  fc.constantFrom(1, 100, 5_000, 200_000).map((n) => "[".repeat(n) + "]".repeat(n)),
  fc.constantFrom(1, 100, 5_000, 100_000).map((n) => '{"a":'.repeat(n) + "1" + "}".repeat(n)),
  fc.constantFrom(10, 10_000).map((n) => "[".repeat(n)),
  fc.constantFrom(
    "", " ", "{", "}", "[]", "null", "true", "0", '"x"', "1e400", "-1e400", '{"flowId":1e400}', '{"inputs":[{"fieldName":"CITY","type":"TEXT","value":"a"},]}',
    "\ufeff{}", "{}garbage", '{"a":1,"a":2}', '{"__proto__":{"x":1}}', '{"metadata":{"__proto__":{"userId":1}}}', "NaN", "{'a':1}", '{"key":"\\ud800@x.io"}',
    '{"metadata":{"userId":1e400}}', '{"metadata":{"userId":-0}}', '{"metadata":{"n":1e400,"m":-1e-400}}',
  ),
  weirdString,
);
/** JSON texts that are nearly right for some endpoint; %FLOW% and %VERIFICATION% become real ids at run time. */
const templateText = fc.constantFrom(
  '{"flowId":"%FLOW%","metadata":{"userId":1e400}}', '{"flowId":"%FLOW%","metadata":{"n":1e400,"m":-1e-400,"o":-0}}',
  '{"flowId":"%FLOW%","metadata":{"__proto__":{"userId":"x"}}}', '{"flowId":"%FLOW%","metadata":{"userId":-0}}',
  '{"flowId":"%FLOW%","metadata":{"userId":123456789012345678901234567890}}', '{"flowId":"%FLOW%","metadata":{"userId":0.1}}',
  '{"flowId":"%FLOW%","flowId":"x"}', '{"flowId":"x","flowId":"%FLOW%"}', '{"flowId":"%FLOW%","metadata":{"ipAddress":"fe80::1%eth0"}}',
  '{"flowId":"%FLOW%","metadata":{"redirectUrl":"http://[::1]:99999"}}', '{"flowId":"%FLOW%","metadata":{"x":"\\u0000"}}',
  '{"flowId":"%FLOW%","metadata":{"\\u0000":1}}', '{"flowId":"%FLOW%","metadata":{"x":"\\ud800"}}', '{"flowId":"%FLOW%","metadata":{"\\udfff":1}}',
  '\ufeff{"flowId":"%FLOW%"}', ' \n\t{"flowId":"%FLOW%"} ', '{"flowId":"%FLOW%","metadata":null}', '{"flowId":"%FLOW%","metadata":{"userId":""}}',
  '{"flowId":"%FLOW%","metadata":{"userId":null}}', '{"flowId":"%FLOW%","metadata":{"userId":true}}', '{"flowId":"%FLOW% "}', '{"flowId":"%FLOW%".toUpperCase()}',
  '{"key":"a@b.co","verificationId":"%VERIFICATION%"}', '{"key":"A@B.CO","verificationId":"%VERIFICATION%","extra":1}',
  '{"verificationId":"%VERIFICATION%","token":"vst_"}', '{"verificationId":"%VERIFICATION%","token":null}',
  '{"inputs":[{"fieldName":"GEOLOCATION","type":"LOCATION","value":{"latitude":1e400,"longitude":0}}]}',
  '{"inputs":[{"fieldName":"GEOLOCATION","type":"LOCATION","value":"{\\"latitude\\":-0,\\"longitude\\":-0,\\"__proto__\\":{}}"}]}',
  '{"inputs":[{"fieldName":"GEOLOCATION","type":"LOCATION","value":{"latitude":1,"longitude":2,"__proto__":{"accuracy":-1}}}]}',
  '{"inputs":[{"fieldName":"CITY","type":"TEXT","value":"\\u0000"}],"complete":false}',
  '{"inputs":[{"fieldName":"FULL_NAME","type":"TEXT","value":"\\ud800a"}],"complete":false}',
  '{"inputs":[{"fieldName":"DOCUMENT_FRONT","type":"FILE","value":"data:image/jpeg;base64,"}]}',
  '{"inputs":[{"fieldName":"DOCUMENT_FRONT","type":"FILE","value":"data:image/jpeg;base64,/9j/"}]}',
  '{"inputs":[{"fieldName":"DOCUMENT_FRONT","type":"FILE","value":"data:image/jpeg;base64,===="}]}',
  '{"inputs":[{"fieldName":"SELFIE_VIDEO","type":"FILE","value":"data:video/webm;base64,GkXfow=="}]}',
  '{"inputs":[{"fieldName":"EMAIL","type":"TEXT","value":"a@b.co"},{"fieldName":"EMAIL_OTP","type":"TEXT","value":"000000"}]}',
  '{"inputs":[{"fieldName":"EMAIL_OTP","type":"TEXT","value":"000000"}]}',
  '{"inputs":[{"fieldName":"DOCUMENT_TYPE","type":"TEXT","value":"NATIONAL_ID"},{"fieldName":"DOCUMENT_COUNTRY","type":"TEXT","value":"US"}]}',
  '{"inputs":[],"complete":true}', '{"inputs":[]}', '{"inputs":null}', '{"inputs":{}}', '{"inputs":[null]}', '{"inputs":[[]]}',
);
const randomBytes = fc.uint8Array({ maxLength: 3000 });

const CONTENT_TYPES = [
  "application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/problem+json", "application/vnd.api+json",
  "text/plain", "text/json", "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=x",
  "application/octet-stream", "image/jpeg", "", ";", "application/json;;;", "*/*", "application/json; charset=latin1",
];

// Header values travel as ByteStrings: bytes 0x20–0xFF plus tab (as an HTTP server would pass them on).
const headerChar = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x21, max: 0x7e }) },
  { weight: 1, arbitrary: fc.constantFrom(0x20, 0x09, 0x7f) },
  { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
).map((c) => String.fromCharCode(c));
const headerValue = fc.oneof(
  { weight: 9, arbitrary: fc.string({ unit: headerChar, maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom(1025, 5_000, 100_000).map((n) => "A".repeat(n)) },
);
const contentType = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: headerValue });

// Credentials are descriptions, resolved against the accounts made in beforeAll.
type KeyName = "full" | "create" | "read" | "inputs";
type Cred =
  | { kind: "key"; key: KeyName }
  | { kind: "session"; of: number }
  | { kind: "otherSession" }
  | { kind: "otherAccountKey" }
  | { kind: "keyOfOtherClient" }
  | { kind: "none" }
  | { kind: "noClientId" }
  | { kind: "mutatedKey"; index: number; char: string }
  | { kind: "mutatedSession"; of: number; index: number; char: string }
  | { kind: "raw"; authorization?: string; clientId?: string };

const credArb: fc.Arbitrary<Cred> = fc.oneof(
  { weight: 10, arbitrary: fc.constant<Cred>({ kind: "key", key: "full" }) },
  { weight: 3, arbitrary: fc.constantFrom<KeyName>("create", "read", "inputs").map((key): Cred => ({ kind: "key", key })) },
  { weight: 4, arbitrary: fc.nat(50).map((of): Cred => ({ kind: "session", of })) },
  { weight: 1, arbitrary: fc.constantFrom<Cred>({ kind: "otherSession" }, { kind: "otherAccountKey" }, { kind: "keyOfOtherClient" }, { kind: "none" }, { kind: "noClientId" }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("mutatedKey" as const), index: fc.nat(80), char: headerChar }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("mutatedSession" as const), of: fc.nat(50), index: fc.nat(400), char: headerChar }) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        kind: fc.constant("raw" as const),
        authorization: fc.oneof(
          headerValue,
          headerValue.map((v) => `Bearer ${v}`),
          headerValue.map((v) => `bearer\t${v}`),
          headerValue.map((v) => `Bearer vst_${v}`),
          fc.constantFrom("Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer vst_", "Bearer vst_.", "Bearer vst_e30.00", "Token abc", "Bearer a b"),
        ),
        clientId: headerValue,
      },
      { requiredKeys: ["kind"] },
    ),
  },
);

function mutate(value: string, index: number, char: string): string {
  const i = index % Math.max(1, value.length);
  const replaced = value.slice(0, i) + char + value.slice(i + 1);
  return replaced === value ? value + char : replaced;
}

function credentials(cred: Cred): Pick<CallOptions, "token" | "clientId" | "headers"> {
  const entry = (of: number) => pool[of % pool.length]!;
  switch (cred.kind) {
    case "key": return account.as(account.keys[cred.key]);
    case "session": return { token: entry(cred.of).sessionToken };
    case "otherSession": return { token: otherSessionToken };
    case "otherAccountKey": return other.auth;
    case "keyOfOtherClient": return { token: account.keys.full, clientId: other.clientId };
    case "none": return {};
    case "noClientId": return { token: account.keys.full };
    case "mutatedKey": return { token: mutate(account.keys.full, cred.index, cred.char).trim() || "x", clientId: account.clientId };
    case "mutatedSession": return { token: mutate(entry(cred.of).sessionToken, cred.index, cred.char).trim() || "x" };
    case "raw": {
      const headers: Record<string, string> = {};
      if (cred.authorization !== undefined) headers.authorization = cred.authorization;
      if (cred.clientId !== undefined) headers["x-client-id"] = cred.clientId;
      return { headers };
    }
  }
}

// Ids in paths and bodies: the pool's verifications and workflows, another tenant's, random UUIDs, garbage.
type IdRef =
  | { kind: "verification"; of: number }
  | { kind: "workflow"; of: number }
  | { kind: "otherVerification" }
  | { kind: "otherWorkflow" }
  | { kind: "uuid"; value: string }
  | { kind: "raw"; value: string };

const pathSafe = (s: string) => s.length > 0 && s !== "." && s !== ".." && s.isWellFormed();
const idArb = (preferred: "verification" | "workflow"): fc.Arbitrary<IdRef> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.nat(50).map((of): IdRef => ({ kind: preferred, of })) },
    { weight: 1, arbitrary: fc.nat(50).map((of): IdRef => ({ kind: preferred === "verification" ? "workflow" : "verification", of })) },
    { weight: 1, arbitrary: fc.constantFrom<IdRef>({ kind: "otherVerification" }, { kind: "otherWorkflow" }) },
    { weight: 2, arbitrary: fc.uuid({ version: [4, 7] }).map((value): IdRef => ({ kind: "uuid", value })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          weirdString,
          fc.constantFrom("00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "not-a-uuid", "0", "-1", "null", "undefined", "%2e%2e", "a".repeat(5000)),
          fc.uuid().map((u) => u.toUpperCase()),
          fc.uuid().map((u) => ` ${u} `),
          fc.uuid().map((u) => `${u}0`),
          fc.uuid().map((u) => u.replace(/-/g, "")),
          fc.uuid().map((u) => `{${u}}`),
        )
        .filter(pathSafe)
        .map((value): IdRef => ({ kind: "raw", value })),
    },
  );

function resolveId(ref: IdRef): string {
  switch (ref.kind) {
    case "verification": return pool[ref.of % pool.length]!.verificationId;
    case "workflow": return pool[ref.of % pool.length]!.workflowId;
    case "otherVerification": return otherVerificationId;
    case "otherWorkflow": return Object.values(other.workflows)[0]!;
    case "uuid":
    case "raw": return ref.value;
  }
}

const seg = (ref: IdRef) => encodeURIComponent(resolveId(ref));

/** A body: JSON (structured, any value, raw text) or bytes, with whatever content type. */
type BodySpec = { json: unknown } | { text: string } | { bytes: Uint8Array };
function encodeBody(spec: BodySpec): Uint8Array {
  if ("bytes" in spec) return spec.bytes;
  // JSON.stringify escapes lone surrogates and NUL, so they reach the server as written
  const text = "text" in spec ? spec.text : (JSON.stringify(spec.json) ?? "");
  return new Uint8Array(Buffer.from(text, "utf8"));
}

const garbageBody: fc.Arbitrary<BodySpec> = fc.oneof(
  anyJson.map((json): BodySpec => ({ json })),
  deepObject.map((json): BodySpec => ({ json })),
  rawJsonText.map((text): BodySpec => ({ text })),
  templateText.map((text): BodySpec => ({ text })),
  randomBytes.map((bytes): BodySpec => ({ bytes })),
);

/** Structured bodies get application/json most of the time, so validation is reached. */
const jsonContentType = fc.oneof({ weight: 6, arbitrary: fc.constant<string | undefined>("application/json") }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: contentType });
/** `arb` once in `oneIn` cases, otherwise undefined (fc.option's freq is the other way round). */
const rarely = <T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const extraKeys = rarely(fc.dictionary(weirdString, anyJson, { minKeys: 1, maxKeys: 3 }), 6);
const extraHeaders = rarely(
  fc.dictionary(fc.constantFrom("content-length", "accept", "x-forwarded-for", "x-openkyc-client-ip", "transfer-encoding", "x-request-id"), headerValue, { minKeys: 1, maxKeys: 2 }),
  4,
);

function requestOptions(cred: Cred, body: BodySpec | undefined, type: string | undefined, extra: Record<string, string> | undefined): CallOptions {
  const auth = credentials(cred);
  const headers: Record<string, string> = { ...extra, ...auth.headers };
  // the client's own address header is stamped by our server; a client copy never reaches the handler
  delete headers["x-openkyc-client-ip"];
  // a declared length that contradicts the body is refused by any HTTP server before the handler
  if (headers["content-length"] !== undefined && body) delete headers["content-length"];
  if (type !== undefined) headers["content-type"] = type;
  return { token: auth.token, clientId: auth.clientId, headers, ...(body ? { method: "POST", body: encodeBody(body) } : {}) };
}

// ---------------------------------------------------------------------------------------------------------
// Endpoint-specific bodies

const metadataArb = fc.oneof(
  { weight: 3, arbitrary: fc.dictionary(weirdString, anyJson, { maxKeys: 5 }) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        reference: anyJson,
        userId: fc.oneof(weirdString, fc.double(), fc.integer(), anyJson, fc.constantFrom("u-1", "u-2", 0, 1e21, -0)),
        ipAddress: fc.oneof(fc.ipV4(), fc.ipV6(), weirdString, fc.constantFrom("::ffff:1.2.3.4", "fe80::1%eth0", "1.2.3.4 ", "999.1.1.1", "::", "0.0.0.0")),
        redirectUrl: fc.oneof(fc.webUrl(), weirdString, fc.constantFrom("javascript:alert(1)", "http://x", "https://example.com/" + "a".repeat(3000), "ftp://x")),
        email: anyJson,
        deviceId: anyJson,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: deepObject },
  { weight: 1, arbitrary: hugeString.map((s) => ({ blob: s })) },
  { weight: 1, arbitrary: anyJson },
);

const startBody: fc.Arbitrary<BodySpec> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record(
        {
          flowId: fc.oneof({ weight: 4, arbitrary: idArb("workflow").map((ref) => ({ ref })) }, { weight: 1, arbitrary: anyJson.map((value) => ({ value })) }),
          metadata: metadataArb,
          extra: extraKeys,
        },
        { requiredKeys: ["flowId"] },
      )
      .map((b): BodySpec => ({
        json: {
          ...b.extra,
          flowId: "ref" in b.flowId ? { __ref: b.flowId.ref } : b.flowId.value,
          ...("metadata" in b ? { metadata: b.metadata } : {}),
        },
      })),
  },
  { weight: 2, arbitrary: garbageBody },
  { weight: 1, arbitrary: templateText.map((text): BodySpec => ({ text })) },
);

/** `{__ref: IdRef}` placeholders in a generated JSON value become real ids at run time. */
function resolveRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolveRefs);
  if (value && typeof value === "object") {
    if ("__ref" in value && Object.keys(value).length === 1) return resolveId((value as { __ref: IdRef }).__ref);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v)]));
  }
  return value;
}
function resolveBody(spec: BodySpec): BodySpec {
  if ("text" in spec) {
    const entry = pool.find((p) => p.workflow === "email-check") ?? pool[0]!;
    return { text: spec.text.replaceAll("%FLOW%", account.workflows["full-kyc"]!).replaceAll("%VERIFICATION%", entry.verificationId) };
  }
  return "json" in spec ? { json: resolveRefs(spec.json) } : spec;
}

const FIELD_NAMES = [
  "DOCUMENT_COUNTRY", "DOCUMENT_TYPE", "DOCUMENT_FRONT", "DOCUMENT_BACK", "SELFIE_VIDEO", "SELFIE_PHOTO", "GEOLOCATION", "EMAIL", "EMAIL_OTP",
  "FULL_NAME", "DATE_OF_BIRTH", "AGREEMENT_VIDEO", "ADDRESS_LINE", "CITY", "PROVINCE", "POSTAL_CODE", "COUNTRY",
];
const PLAUSIBLE_TEXT = [
  "US", "us", "DE", "XK", "AQ", "ZZ", "PASSPORT", "passport", "NATIONAL_ID", "DRIVERS_LICENSE", "VOTER_ID", "RESIDENCE_PERMIT", "1990-01-01", "2999-01-01",
  "1990-02-30", "1899-12-31", "Jane Doe", "10115", "SW1A 1AA", "a@b.co", "A@B.CO ", "123456", "000000", "12345", "Main St 1", "Berlin", "  ",
];

// Files: real images and videos, truncated or corrupted ones, random bytes behind a magic number, random bytes.
type FileSpec =
  | { kind: "real"; which: "jpeg" | "png" | "webm"; cut?: number; flips?: [number, number][] }
  | { kind: "magic"; magic: string; tail: Uint8Array }
  | { kind: "random"; bytes: Uint8Array }
  | { kind: "oversized"; video: boolean };
const MAGIC: Record<string, string> = {
  jpeg: "ffd8ffe000104a464946", png: "89504e470d0a1a0a0000000d49484452", gif: "474946383961", webp: "52494646000000005745425056503820",
  heic: "000000186674797068656963", avif: "0000001c6674797061766966", mp4: "000000186674797069736f6d", webm: "1a45dfa3",
  pdf: "255044462d312e34", zip: "504b0304", tiff: "49492a00", bmp: "424d",
};
const fileSpec: fc.Arbitrary<FileSpec> = fc.oneof(
  { weight: 20, arbitrary: fc.record({ kind: fc.constant("real" as const), which: fc.constantFrom("jpeg" as const, "png" as const, "webm" as const) }) },
  {
    weight: 30,
    arbitrary: fc.record(
      {
        kind: fc.constant("real" as const),
        which: fc.constantFrom("jpeg" as const, "png" as const, "webm" as const),
        cut: fc.nat(4000),
        flips: fc.array(fc.tuple(fc.nat(4000), fc.nat(255)), { maxLength: 8 }),
      },
      { requiredKeys: ["kind", "which"] },
    ),
  },
  { weight: 30, arbitrary: fc.record({ kind: fc.constant("magic" as const), magic: fc.constantFrom(...Object.keys(MAGIC)), tail: randomBytes }) },
  { weight: 20, arbitrary: fc.record({ kind: fc.constant("random" as const), bytes: randomBytes }) },
  // just over the image limit (15 MiB) or the video limit (50 MiB): rare, they are slow to send
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("oversized" as const), video: fc.boolean() }) },
);
function fileBytes(spec: FileSpec): Buffer {
  if (spec.kind === "random") return Buffer.from(spec.bytes);
  if (spec.kind === "oversized") return Buffer.concat([realFiles[spec.video ? "webm" : "jpeg"], Buffer.alloc((spec.video ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES) + 1)]);
  if (spec.kind === "magic") return Buffer.concat([Buffer.from(MAGIC[spec.magic]!, "hex"), Buffer.from(spec.tail)]);
  const bytes = Buffer.from(realFiles[spec.which]);
  for (const [at, value] of spec.flips ?? []) if (bytes.length) bytes[at % bytes.length] = value;
  return spec.cut === undefined ? bytes : bytes.subarray(0, spec.cut % (bytes.length + 1));
}

type ValueSpec = { plain: unknown } | { file: FileSpec; mime: string; mangle?: "badBase64" | "noBase64" | "oddLength" };
const MIMES = ["image/jpeg", "image/png", "video/webm", "application/pdf", "text/plain", "image/svg+xml", "x", "image/jpeg;name=a.jpg"];
const locationValue = fc.record(
  { latitude: fc.oneof(fc.double(), anyJson), longitude: fc.oneof(fc.double(), anyJson), accuracy: fc.oneof(fc.double(), anyJson), extra: anyJson },
  { requiredKeys: [] },
);
const valueSpec: fc.Arbitrary<ValueSpec | undefined> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...PLAUSIBLE_TEXT).map((plain): ValueSpec => ({ plain })) },
  { weight: 3, arbitrary: anyString.map((plain): ValueSpec => ({ plain })) },
  { weight: 2, arbitrary: locationValue.map((plain): ValueSpec => ({ plain })) },
  { weight: 1, arbitrary: locationValue.map((plain): ValueSpec => ({ plain: JSON.stringify(plain) })) },
  {
    weight: 4,
    arbitrary: fc.record(
      { file: fileSpec, mime: fc.constantFrom(...MIMES), mangle: fc.constantFrom("badBase64" as const, "noBase64" as const, "oddLength" as const) },
      { requiredKeys: ["file", "mime"] },
    ),
  },
  { weight: 1, arbitrary: anyJson.map((plain): ValueSpec => ({ plain })) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
function resolveValue(spec: ValueSpec): unknown {
  if ("plain" in spec) return spec.plain;
  const base64 = fileBytes(spec.file).toString("base64");
  if (spec.mangle === "badBase64") return `data:${spec.mime};base64,${base64.slice(0, 10)}!*${base64.slice(10)}`;
  if (spec.mangle === "noBase64") return `data:${spec.mime},${base64}`;
  if (spec.mangle === "oddLength") return `data:${spec.mime};base64,${base64}A`;
  return `data:${spec.mime};base64,${base64}`;
}

const fieldNameArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z][A-Z0-9_]{0,70}$/) },
  { weight: 1, arbitrary: fc.constantFrom("document_front", "", "inputs", "complete", "__proto__") },
  { weight: 1, arbitrary: anyJson },
);
const typeArb = fc.oneof({ weight: 8, arbitrary: fc.constantFrom("TEXT", "FILE", "LOCATION") }, { weight: 1, arbitrary: fc.constantFrom("text", "DROPDOWN", "") }, { weight: 1, arbitrary: anyJson });
type ItemSpec = { fieldName?: unknown; type?: unknown; value?: ValueSpec; extra?: Record<string, unknown> };
const itemSpec: fc.Arbitrary<ItemSpec> = fc.record(
  { fieldName: fieldNameArb, type: typeArb, value: valueSpec.filter((v): v is ValueSpec => v !== undefined), extra: extraKeys },
  { requiredKeys: ["extra"] },
);
/** Items shaped right, with the type the field wants, so value checks are reached. */
const EXPECTED_TYPE: Record<string, string> = {
  DOCUMENT_FRONT: "FILE", DOCUMENT_BACK: "FILE", SELFIE_VIDEO: "FILE", SELFIE_PHOTO: "FILE", AGREEMENT_VIDEO: "FILE", GEOLOCATION: "LOCATION",
};
const plausibleItem: fc.Arbitrary<ItemSpec> = fc
  .tuple(fc.constantFrom(...FIELD_NAMES), valueSpec)
  .map(([fieldName, value]) => ({ fieldName, type: EXPECTED_TYPE[fieldName] ?? "TEXT", ...(value ? { value } : {}) }));

function resolveItem(item: ItemSpec): Record<string, unknown> {
  return {
    ...item.extra,
    ...("fieldName" in item ? { fieldName: item.fieldName } : {}),
    ...("type" in item ? { type: item.type } : {}),
    ...(item.value ? { value: resolveValue(item.value) } : {}),
  };
}

const itemsArb = fc.array(fc.oneof({ weight: 3, arbitrary: plausibleItem }, { weight: 2, arbitrary: itemSpec }), { maxLength: 6 });
const completeArb = fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.boolean() }, { weight: 1, arbitrary: anyJson });

type SendInputsSpec =
  | { form: "good"; multipart: boolean; mask: boolean[]; mutations: { at: number; item: ItemSpec }[]; complete: unknown; oversized?: boolean }
  | { form: "json"; items: ItemSpec[]; complete: unknown; extra?: Record<string, unknown>; inputsOverride?: unknown }
  | { form: "multipart"; listed?: ItemSpec[]; inputsPart?: string; files: { name: string; file: FileSpec; declared: string; filename?: string }[]; complete?: string }
  | { form: "brokenMultipart"; listed: ItemSpec[]; file: FileSpec; cut: number; boundary?: string; flips: [number, number][] }
  | { form: "garbage"; body: BodySpec };

const multipartName = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 2, arbitrary: weirdString }, { weight: 1, arbitrary: fc.constantFrom("inputs", "complete", "") });
const sendInputsSpec: fc.Arbitrary<SendInputsSpec> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      form: fc.constant("good" as const),
      multipart: fc.boolean(),
      mask: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      mutations: fc.array(fc.record({ at: fc.nat(11), item: fc.oneof(plausibleItem, itemSpec) }), { maxLength: 2 }),
      complete: completeArb,
      // every file field's content just over its limit
      oversized: rarely(fc.constant(true), 25),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record(
      {
        form: fc.constant("json" as const),
        items: itemsArb,
        complete: completeArb,
        extra: extraKeys,
        inputsOverride: rarely(anyJson, 10),
      },
    ),
  },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        form: fc.constant("multipart" as const),
        listed: itemsArb,
        inputsPart: fc.oneof(weirdString, rawJsonText),
        files: fc.array(
          fc.record({ name: multipartName, file: fileSpec, declared: fc.constantFrom(...MIMES, ""), filename: fc.oneof(weirdString, fc.constantFrom("a.jpg", "../../etc/passwd", "")) }, { requiredKeys: ["name", "file", "declared"] }),
          { maxLength: 4 },
        ),
        complete: fc.oneof(fc.constantFrom("true", "false", "", "0"), weirdString),
      },
      { requiredKeys: ["form", "files"] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        form: fc.constant("brokenMultipart" as const),
        listed: itemsArb,
        file: fileSpec,
        cut: fc.nat(3000),
        boundary: fc.oneof(weirdString, fc.constantFrom("", "x", "----formdata-undici-0", '"quoted"')),
        flips: fc.array(fc.tuple(fc.nat(3000), fc.nat(255)), { maxLength: 6 }),
      },
      { requiredKeys: ["form", "listed", "file", "cut", "flips"] },
    ),
  },
  { weight: 2, arbitrary: garbageBody.map((body): SendInputsSpec => ({ form: "garbage", body })) },
);

// Values each field accepts, so a "good" submission can succeed (and a mutated one fails on one field only).
const GOOD_VALUES: Record<string, ValueSpec> = {
  DOCUMENT_COUNTRY: { plain: "DE" },
  DOCUMENT_TYPE: { plain: "PASSPORT" },
  DOCUMENT_FRONT: { file: { kind: "real", which: "jpeg" }, mime: "image/jpeg" },
  DOCUMENT_BACK: { file: { kind: "real", which: "png" }, mime: "image/png" },
  SELFIE_VIDEO: { file: { kind: "real", which: "webm" }, mime: "video/webm" },
  SELFIE_PHOTO: { file: { kind: "real", which: "jpeg" }, mime: "image/jpeg" },
  AGREEMENT_VIDEO: { file: { kind: "real", which: "webm" }, mime: "video/webm" },
  GEOLOCATION: { plain: { latitude: 52.52, longitude: 13.4, accuracy: 12 } },
  EMAIL: { plain: "fuzz@example.com" },
  EMAIL_OTP: { plain: "123456" },
  FULL_NAME: { plain: "Jane Doe" },
  DATE_OF_BIRTH: { plain: "1990-01-01" },
  ADDRESS_LINE: { plain: "Main St 1" },
  CITY: { plain: "Berlin" },
  PROVINCE: { plain: "Berlin" },
  POSTAL_CODE: { plain: "10115" },
  COUNTRY: { plain: "DE" },
};

/** The target workflow's fields (chosen by `mask`) with good values, then a mutation or two. */
async function buildGood(spec: Extract<SendInputsSpec, { form: "good" }>, fields: string[]): Promise<{ body: BodySpec | FormData; type?: string }> {
  const items: ItemSpec[] = fields
    .filter((_, i) => spec.mask[i % spec.mask.length])
    .map((fieldName): ItemSpec => {
      const good = GOOD_VALUES[fieldName]!;
      const value = spec.oversized && "file" in good ? { ...good, file: { kind: "oversized" as const, video: fileKindOf(fieldName) === "video" } } : good;
      return { fieldName, type: EXPECTED_TYPE[fieldName] ?? "TEXT", value };
    });
  for (const { at, item } of spec.mutations) {
    if (items.length) items[at % items.length] = item;
    else items.push(item);
  }
  if (!spec.multipart) {
    return { body: { json: { inputs: items.map(resolveItem), ...(spec.complete === undefined ? {} : { complete: spec.complete }) } }, type: "application/json" };
  }
  // multipart: FILE items are listed without a value and travel as file parts
  const form = new FormData();
  const listed = items.map((item) => (item.type === "FILE" && item.value && "file" in item.value ? { ...item, value: undefined } : item));
  form.append("inputs", JSON.stringify(listed.map(resolveItem)));
  for (const item of items) {
    if (item.type === "FILE" && item.value && "file" in item.value && typeof item.fieldName === "string") {
      form.append(item.fieldName, new Blob([new Uint8Array(fileBytes(item.value.file))], { type: item.value.mime }), "upload");
    }
  }
  if (typeof spec.complete === "boolean") form.append("complete", String(spec.complete));
  return { body: form };
}

async function buildSendInputs(spec: SendInputsSpec, fields: string[]): Promise<{ body: BodySpec | FormData; type?: string }> {
  switch (spec.form) {
    case "good":
      return buildGood(spec, fields);
    case "json": {
      const inputs = spec.inputsOverride !== undefined ? spec.inputsOverride : spec.items.map(resolveItem);
      return { body: { json: { ...spec.extra, inputs, ...(spec.complete === undefined ? {} : { complete: spec.complete }) } }, type: "application/json" };
    }
    case "multipart": {
      const form = new FormData();
      if (spec.inputsPart !== undefined) form.append("inputs", spec.inputsPart);
      else if (spec.listed) form.append("inputs", JSON.stringify(spec.listed.map(resolveItem)));
      for (const part of spec.files) {
        form.append(part.name, new Blob([new Uint8Array(fileBytes(part.file))], { type: part.declared }), part.filename ?? "blob");
      }
      if (spec.complete !== undefined) form.append("complete", spec.complete);
      return { body: form };
    }
    case "brokenMultipart": {
      const form = new FormData();
      form.append("inputs", JSON.stringify(spec.listed.map(resolveItem)));
      form.append("DOCUMENT_FRONT", new Blob([new Uint8Array(fileBytes(spec.file))]), "front.jpg");
      const request = new Request("http://localhost/", { method: "POST", body: form });
      const real = Buffer.from(await request.arrayBuffer());
      for (const [at, value] of spec.flips) if (real.length) real[at % real.length] = value;
      const bytes = real.subarray(0, spec.cut % (real.length + 1) || real.length);
      const type = spec.boundary === undefined ? request.headers.get("content-type")! : `multipart/form-data; boundary=${spec.boundary.replace(/[^\x20-\xff]/g, "?")}`;
      return { body: { bytes: new Uint8Array(bytes) }, type };
    }
    case "garbage":
      return { body: resolveBody(spec.body) };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Properties

const ASSERT = { endOnFailure: true } as const;

describe("fuzzing every endpoint: never a 5xx, always the documented shape", () => {
  it("POST /api/v1/verifications", async () => {
    await fc.assert(
      fc.asyncProperty(credArb, startBody, jsonContentType, extraHeaders, async (cred, body, type, extra) => {
        await fuzzCall("start", "/api/v1/verifications", requestOptions(cred, resolveBody(body), type, extra));
      }),
      { numRuns: runs(500), ...ASSERT },
    );
  }, TIMEOUT);

  it("GET /api/v1/verifications/{id} and /{id}/status", async () => {
    await fc.assert(
      fc.asyncProperty(credArb, idArb("verification"), fc.boolean(), extraHeaders, fc.option(weirdString, { nil: undefined }), async (cred, id, status, extra, query) => {
        const path = `/api/v1/verifications/${seg(id)}${status ? "/status" : ""}${query === undefined ? "" : `?${query}`}`;
        await fuzzCall(status ? "status" : "get", path, requestOptions(cred, undefined, undefined, extra));
      }),
      { numRuns: runs(500), ...ASSERT },
    );
  }, TIMEOUT);

  it("POST /api/v1/verifications/{id}/send-inputs (JSON, multipart, broken multipart, garbage)", async () => {
    await fc.assert(
      fc.asyncProperty(
        credArb,
        fc.oneof({ weight: 3, arbitrary: fc.nat(50).map((of) => ({ fresh: of })) }, { weight: 6, arbitrary: idArb("verification").map((ref) => ({ ref })) }),
        sendInputsSpec,
        rarely(contentType, 8),
        async (cred, target, spec, typeOverride) => {
          let id: IdRef;
          let effectiveCred = cred;
          let fields = pool[0]!.fields;
          if ("fresh" in target) {
            // a new verification, so complete submissions are not all refused as INVALID_STATE
            const entry = pool[target.fresh % pool.length]!;
            fields = entry.fields;
            const started = await startVerification(account, entry.workflow);
            id = { kind: "uuid", value: started.verificationId };
            if (cred.kind === "session") effectiveCred = { kind: "raw", authorization: `Bearer ${await sessionTokenFor(started.verificationUrl)}` };
          } else {
            id = target.ref;
            if (id.kind === "verification") fields = pool[id.of % pool.length]!.fields;
            // a session token of the targeted pool verification, so its inputs are actually validated
            if (cred.kind === "session" && id.kind === "verification") effectiveCred = { kind: "session", of: id.of };
          }
          const { body, type } = await buildSendInputs(spec, fields);
          const path = `/api/v1/verifications/${seg(id)}/send-inputs`;
          const auth = requestOptions(effectiveCred, body instanceof FormData ? undefined : body, typeOverride ?? type, undefined);
          const options = body instanceof FormData ? { ...auth, method: "POST", body } : auth;
          await fuzzCall("sendInputs", path, options);
        },
      ),
      { numRuns: runs(700), ...ASSERT },
    );
  }, TIMEOUT);

  it("POST /api/v1/workflows/{id}/email-otp", async () => {
    const plainEmail = fc.tuple(fc.stringMatching(/^[a-z0-9]{1,16}$/), fc.constantFrom("example.com", "fuzz.test", "EXAMPLE.ORG")).map(([l, d]) => `${l}@${d}`);
    const body: fc.Arbitrary<BodySpec> = fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .record({
            key: fc.oneof(
              { weight: 4, arbitrary: plainEmail },
              { weight: 1, arbitrary: fc.emailAddress() },
              { weight: 2, arbitrary: weirdString.map((s) => `${s}@example.com`) },
              { weight: 1, arbitrary: fc.constantFrom(" A@B.CO ", "a@b", "@", `${"a".repeat(300)}@x.io`, "a\u0000@x.io", undefined) },
              { weight: 1, arbitrary: anyJson },
            ),
            verificationId: rarely(fc.oneof(idArb("verification").map((ref) => ({ __ref: ref })), anyJson), 3),
            extra: extraKeys,
          })
          .map(({ key, verificationId, extra }): BodySpec => ({
            json: { ...extra, ...(key === undefined ? {} : { key }), ...(verificationId === undefined ? {} : { verificationId }) },
          })),
      },
      { weight: 2, arbitrary: garbageBody },
    );
    const workflowArb = fc.oneof({ weight: 2, arbitrary: fc.constant<IdRef | "email-check">("email-check") }, { weight: 3, arbitrary: idArb("workflow") });
    await fc.assert(
      fc.asyncProperty(credArb, workflowArb, body, jsonContentType, async (cred, workflow, spec, type) => {
        const emailCheck = pool.findIndex((p) => p.workflow === "email-check");
        let id: IdRef = workflow === "email-check" ? { kind: "workflow", of: emailCheck } : workflow;
        let effectiveCred = cred;
        // a session token of the workflow's own verification most of the time, so the session path goes deeper
        if (cred.kind === "session" && id.kind === "workflow") effectiveCred = { kind: "session", of: id.of };
        if (cred.kind === "session" && workflow === "email-check") id = { kind: "workflow", of: emailCheck };
        await fuzzCall("emailOtp", `/api/v1/workflows/${seg(id)}/email-otp`, requestOptions(effectiveCred, resolveBody(spec), type, undefined));
      }),
      { numRuns: runs(400), ...ASSERT },
    );
  }, TIMEOUT);

  it("GET /api/v1/workflows/{id}/document-types with random query strings", async () => {
    const pair = fc.tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom("country", "step") }, { weight: 1, arbitrary: fc.constantFrom("COUNTRY", "step[]", "country ", "") }, { weight: 1, arbitrary: weirdString }),
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("US", "us", "DE", "GB", "XK", "AQ", "ZZ", "", " ", "0", "1", "2", "-1", "1e2", "0x1", "NaN", "Infinity", " 3 ", "99999999999999999999", "1.5") },
        { weight: 2, arbitrary: weirdString },
        { weight: 1, arbitrary: hugeString.map((s) => s.slice(0, 20_000)) },
      ),
    );
    const query = fc.oneof(
      { weight: 4, arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString()) },
      { weight: 1, arbitrary: weirdString.map((s) => s.replace(/#/g, "")) },
    );
    await fc.assert(
      fc.asyncProperty(idArb("workflow"), query, credArb, async (workflow, q, cred) => {
        await fuzzCall("documentTypes", `/api/v1/workflows/${seg(workflow)}/document-types${q ? `?${q}` : ""}`, requestOptions(cred, undefined, undefined, undefined));
      }),
      { numRuns: runs(500), ...ASSERT },
    );
  }, TIMEOUT);

  it("GET /api/v1/workflows/supported-document-types whatever the headers and query", async () => {
    await fc.assert(
      fc.asyncProperty(credArb, extraHeaders, fc.option(weirdString, { nil: undefined }), async (cred, extra, q) => {
        const response = await fuzzCall("supportedTypes", `/api/v1/workflows/supported-document-types${q ? `?${q.replace(/#/g, "")}` : ""}`, requestOptions(cred, undefined, undefined, extra));
        if (response.status !== 200) throw new Error(`public endpoint answered ${response.status}: ${response.text.slice(0, 300)}`);
      }),
      { numRuns: runs(60), ...ASSERT },
    );
  }, TIMEOUT);

  it("POST /api/hosted/session", async () => {
    type TokenRef = { resumeOf: number } | { sessionOf: number } | { mutatedResume: number; index: number; char: string } | { raw: unknown };
    const token: fc.Arbitrary<TokenRef> = fc.oneof(
      { weight: 3, arbitrary: fc.nat(50).map((resumeOf) => ({ resumeOf })) },
      { weight: 1, arbitrary: fc.nat(50).map((sessionOf) => ({ sessionOf })) },
      { weight: 2, arbitrary: fc.record({ mutatedResume: fc.nat(50), index: fc.nat(400), char: charArb }) },
      { weight: 2, arbitrary: fc.oneof(weirdString.map((s) => `vst_${s}`), weirdString.map((s) => `vst_${s}.${s}`), anyJson, fc.constantFrom("vst_", "vst_.", "vst_e30.", "x".repeat(513))).map((raw) => ({ raw })) },
    );
    type HostedSpec =
      | { pair: number; extra?: Record<string, unknown> }
      | { verificationId?: IdRef | { raw: unknown }; token?: TokenRef; extra?: Record<string, unknown> }
      | { garbage: BodySpec };
    const body: fc.Arbitrary<HostedSpec> = fc.oneof(
      // the verificationId and resume token of one verificationUrl, as the hosted page sends them
      { weight: 2, arbitrary: fc.record({ pair: fc.nat(50), extra: rarely(fc.dictionary(weirdString, anyJson, { minKeys: 1, maxKeys: 2 }), 8) }) },
      {
        weight: 5,
        arbitrary: fc.record({
          verificationId: fc.oneof({ weight: 6, arbitrary: idArb("verification") }, { weight: 1, arbitrary: anyJson.map((raw) => ({ raw })) }, { weight: 1, arbitrary: fc.constant(undefined) }),
          token: fc.oneof({ weight: 8, arbitrary: token }, { weight: 1, arbitrary: fc.constant(undefined) }),
          extra: extraKeys,
        }),
      },
      { weight: 2, arbitrary: garbageBody.map((garbage) => ({ garbage })) },
    );
    const resolveToken = (t: TokenRef): unknown => {
      if ("resumeOf" in t) return pool[t.resumeOf % pool.length]!.resumeToken;
      if ("sessionOf" in t) return pool[t.sessionOf % pool.length]!.sessionToken;
      if ("mutatedResume" in t) return mutate(pool[t.mutatedResume % pool.length]!.resumeToken, t.index, t.char);
      return t.raw;
    };
    await fc.assert(
      fc.asyncProperty(body, jsonContentType, credArb, async (spec, type, cred) => {
        let payload: BodySpec;
        if ("garbage" in spec) payload = resolveBody(spec.garbage);
        else if ("pair" in spec) {
          const entry = pool[spec.pair % pool.length]!;
          payload = { json: { ...spec.extra, verificationId: entry.verificationId, token: entry.resumeToken } };
        } else {
          const { verificationId, token: t, extra } = spec;
          const id = verificationId === undefined ? undefined : "raw" in verificationId ? verificationId.raw : resolveId(verificationId);
          payload = { json: { ...extra, ...(id === undefined ? {} : { verificationId: id }), ...(t ? { token: resolveToken(t) } : {}) } };
        }
        await fuzzCall("hostedSession", "/api/hosted/session", requestOptions(cred, payload, type, undefined));
      }),
      { numRuns: runs(400), ...ASSERT },
    );
  }, TIMEOUT);

  it("concurrent starts with one new metadata.userId share one identity, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 6 }), fc.uuid(), fc.constantFrom("full-kyc", "address-only", "liveness"), async (n, userId, workflow) => {
        const responses = await Promise.all(
          Array.from({ length: n }, () => fuzzCall("start", "/api/v1/verifications", { ...account.auth, body: { flowId: account.workflows[workflow], metadata: { userId } } })),
        );
        const identities = new Set(responses.map((r) => r.body.identityId));
        if (responses.some((r) => r.status !== 201) || identities.size !== 1) {
          throw new Error(`expected ${n} × 201 with one identity, got ${responses.map((r) => r.status).join(",")} and ${identities.size} identities`);
        }
      }),
      { numRuns: runs(20), ...ASSERT },
    );
  }, TIMEOUT);

  it("concurrent requests on one verification (inputs, OTPs, sessions, status) never produce a 5xx", async () => {
    const good = fc.record({
      form: fc.constant("good" as const),
      multipart: fc.boolean(),
      mask: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      mutations: fc.constant<{ at: number; item: ItemSpec }[]>([]),
      complete: fc.constantFrom(undefined, true, false),
    });
    type Op = { op: "send"; spec: Extract<SendInputsSpec, { form: "good" }>; session: boolean } | { op: "otp"; email: string; session: boolean } | { op: "session" } | { op: "status" };
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 4, arbitrary: fc.record({ op: fc.constant("send" as const), spec: good, session: fc.boolean() }) },
      { weight: 2, arbitrary: fc.record({ op: fc.constant("otp" as const), email: fc.constantFrom("race-1", "race-2"), session: fc.boolean() }) },
      { weight: 1, arbitrary: fc.constantFrom<Op>({ op: "session" }, { op: "status" }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant("email-check"), fc.nat(50)), fc.array(op, { minLength: 2, maxLength: 6 }), fc.stringMatching(/^[a-z0-9]{10}$/), async (which, ops, mailbox) => {
        const entry = typeof which === "number" ? pool[which % pool.length]! : pool.find((p) => p.workflow === which)!;
        const started = await startVerification(account, entry.workflow);
        const url = new URL(started.verificationUrl);
        const session = await sessionTokenFor(started.verificationUrl);
        const auth = (useSession: boolean) => (useSession ? { token: session } : account.auth);
        await Promise.all(
          ops.map(async (o) => {
            if (o.op === "status") return fuzzCall("status", `/api/v1/verifications/${started.verificationId}/status`, account.auth);
            if (o.op === "session") {
              return fuzzCall("hostedSession", "/api/hosted/session", { body: { verificationId: started.verificationId, token: url.searchParams.get("token") } });
            }
            if (o.op === "otp") {
              const key = `${o.email}-${mailbox}@example.com`;
              const body = o.session ? { key } : { key, verificationId: started.verificationId };
              return fuzzCall("emailOtp", `/api/v1/workflows/${started.flowId}/email-otp`, { ...auth(o.session), body });
            }
            const { body } = await buildGood(o.spec, entry.fields);
            const payload = body instanceof FormData ? body : encodeBody(body);
            return fuzzCall("sendInputs", `/api/v1/verifications/${started.verificationId}/send-inputs`, {
              ...auth(o.session),
              method: "POST",
              body: payload,
              ...(body instanceof FormData ? {} : { headers: { "content-type": "application/json" } }),
            });
          }),
        );
      }),
      { numRuns: runs(30), ...ASSERT },
    );
  }, TIMEOUT);
});
