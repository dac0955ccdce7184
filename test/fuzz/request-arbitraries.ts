// Test-only: credentials, ids and bodies as descriptions, resolved against the fuzz pool at run time, and the
// request options they become.
import fc from "fast-check";
import type { CallOptions } from "@/test/api-client";
import {
  anyJson,
  deepObject,
  encodeBody,
  extraKeys,
  garbageBody,
  headerChar,
  headerValue,
  hugeString,
  templateText,
  weirdString,
  type BodySpec,
} from "@/test/fuzz/arbitraries";
import { account, other, otherSessionToken, otherVerificationId, pool } from "@/test/fuzz/pool";

// Credentials are descriptions, resolved against the accounts made in beforeAll.
type KeyName = "full" | "create" | "read" | "inputs";
export type Cred =
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

export const credArb: fc.Arbitrary<Cred> = fc.oneof(
  { weight: 10, arbitrary: fc.constant<Cred>({ kind: "key", key: "full" }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<KeyName>("create", "read", "inputs").map((key): Cred => ({ kind: "key", key })),
  },
  { weight: 4, arbitrary: fc.nat(50).map((of): Cred => ({ kind: "session", of })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Cred>(
      { kind: "otherSession" },
      { kind: "otherAccountKey" },
      { kind: "keyOfOtherClient" },
      { kind: "none" },
      { kind: "noClientId" },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("mutatedKey" as const), index: fc.nat(80), char: headerChar }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("mutatedSession" as const),
      of: fc.nat(50),
      index: fc.nat(400),
      char: headerChar,
    }),
  },
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
          fc.constantFrom(
            "Bearer",
            "Bearer ",
            "Basic dXNlcjpwYXNz",
            "Bearer vst_",
            "Bearer vst_.",
            "Bearer vst_e30.00",
            "Token abc",
            "Bearer a b",
          ),
        ),
        clientId: headerValue,
      },
      { requiredKeys: ["kind"] },
    ),
  },
);

export function mutate(value: string, index: number, char: string): string {
  const i = index % Math.max(1, value.length);
  const replaced = value.slice(0, i) + char + value.slice(i + 1);
  return replaced === value ? value + char : replaced;
}

function credentials(cred: Cred): Pick<CallOptions, "token" | "clientId" | "headers"> {
  const entry = (of: number) => pool[of % pool.length]!;
  switch (cred.kind) {
    case "key":
      return account.as(account.keys[cred.key]);
    case "session":
      return { token: entry(cred.of).sessionToken };
    case "otherSession":
      return { token: otherSessionToken };
    case "otherAccountKey":
      return other.auth;
    case "keyOfOtherClient":
      return { token: account.keys.full, clientId: other.clientId };
    case "none":
      return {};
    case "noClientId":
      return { token: account.keys.full };
    case "mutatedKey":
      return { token: mutate(account.keys.full, cred.index, cred.char).trim() || "x", clientId: account.clientId };
    case "mutatedSession":
      return { token: mutate(entry(cred.of).sessionToken, cred.index, cred.char).trim() || "x" };
    case "raw": {
      const headers: Record<string, string> = {};
      if (cred.authorization !== undefined) headers.authorization = cred.authorization;
      if (cred.clientId !== undefined) headers["x-client-id"] = cred.clientId;
      return { headers };
    }
  }
}

// Ids in paths and bodies: the pool's verifications and workflows, another tenant's, random UUIDs, garbage.
export type IdRef =
  | { kind: "verification"; of: number }
  | { kind: "workflow"; of: number }
  | { kind: "otherVerification" }
  | { kind: "otherWorkflow" }
  | { kind: "uuid"; value: string }
  | { kind: "raw"; value: string };

const pathSafe = (s: string) => s.length > 0 && s !== "." && s !== ".." && s.isWellFormed();
export const idArb = (preferred: "verification" | "workflow"): fc.Arbitrary<IdRef> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.nat(50).map((of): IdRef => ({ kind: preferred, of })) },
    {
      weight: 1,
      arbitrary: fc
        .nat(50)
        .map((of): IdRef => ({ kind: preferred === "verification" ? "workflow" : "verification", of })),
    },
    { weight: 1, arbitrary: fc.constantFrom<IdRef>({ kind: "otherVerification" }, { kind: "otherWorkflow" }) },
    { weight: 2, arbitrary: fc.uuid({ version: [4, 7] }).map((value): IdRef => ({ kind: "uuid", value })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          weirdString,
          fc.constantFrom(
            "00000000-0000-0000-0000-000000000000",
            "ffffffff-ffff-ffff-ffff-ffffffffffff",
            "not-a-uuid",
            "0",
            "-1",
            "null",
            "undefined",
            "%2e%2e",
            "a".repeat(5000),
          ),
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

export function resolveId(ref: IdRef): string {
  switch (ref.kind) {
    case "verification":
      return pool[ref.of % pool.length]!.verificationId;
    case "workflow":
      return pool[ref.of % pool.length]!.workflowId;
    case "otherVerification":
      return otherVerificationId;
    case "otherWorkflow":
      return Object.values(other.workflows)[0]!;
    case "uuid":
    case "raw":
      return ref.value;
  }
}

export const seg = (ref: IdRef) => encodeURIComponent(resolveId(ref));

export function requestOptions(
  cred: Cred,
  body: BodySpec | undefined,
  type: string | undefined,
  extra: Record<string, string> | undefined,
): CallOptions {
  const auth = credentials(cred);
  const headers: Record<string, string> = { ...extra, ...auth.headers };
  // the client's own address header is stamped by our server; a client copy never reaches the handler
  for (const name of ["x-openkyc-client-ip", "x-openkyc-forwarded-for", "x-openkyc-client-stamp"]) delete headers[name];
  // a declared length that contradicts the body is refused by any HTTP server before the handler
  if (headers["content-length"] !== undefined && body) delete headers["content-length"];
  if (type !== undefined) headers["content-type"] = type;
  return {
    token: auth.token,
    clientId: auth.clientId,
    headers,
    ...(body ? { method: "POST", body: encodeBody(body) } : {}),
  };
}

/** `{__ref: IdRef}` placeholders in a generated JSON value become real ids at run time. */
function resolveRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolveRefs);
  if (value && typeof value === "object") {
    if ("__ref" in value && Object.keys(value).length === 1) return resolveId((value as { __ref: IdRef }).__ref);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v)]));
  }
  return value;
}
export function resolveBody(spec: BodySpec): BodySpec {
  if ("text" in spec) {
    const entry = pool.find((p) => p.workflow === "email-check") ?? pool[0]!;
    return {
      text: spec.text
        .replaceAll("%FLOW%", account.workflows["full-kyc"]!)
        .replaceAll("%VERIFICATION%", entry.verificationId),
    };
  }
  return "json" in spec ? { json: resolveRefs(spec.json) } : spec;
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/v1/verifications bodies (send-inputs has its own module; the smaller ones sit with their properties)

const metadataArb = fc.oneof(
  { weight: 3, arbitrary: fc.dictionary(weirdString, anyJson, { maxKeys: 5 }) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        reference: anyJson,
        userId: fc.oneof(weirdString, fc.double(), fc.integer(), anyJson, fc.constantFrom("u-1", "u-2", 0, 1e21, -0)),
        ipAddress: fc.oneof(
          fc.ipV4(),
          fc.ipV6(),
          weirdString,
          fc.constantFrom("::ffff:1.2.3.4", "fe80::1%eth0", "1.2.3.4 ", "999.1.1.1", "::", "0.0.0.0"),
        ),
        redirectUrl: fc.oneof(
          fc.webUrl(),
          weirdString,
          fc.constantFrom("javascript:alert(1)", "http://x", "https://example.com/" + "a".repeat(3000), "ftp://x"),
        ),
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

export const startBody: fc.Arbitrary<BodySpec> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record(
        {
          flowId: fc.oneof(
            { weight: 4, arbitrary: idArb("workflow").map((ref) => ({ ref })) },
            { weight: 1, arbitrary: anyJson.map((value) => ({ value })) },
          ),
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
