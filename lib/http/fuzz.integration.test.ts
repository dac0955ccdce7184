// Property-based fuzzing of every endpoint on real PostgreSQL: whatever arrives (wrong types, odd Unicode, huge
// or deeply nested bodies, random bytes, wrong content types, garbage credentials and ids), the answer is a 2xx
// in the endpoint's documented shape or a 4xx `{error, message, details?}` whose code agrees with ERROR_STATUS.
// Never a 5xx. FUZZ_SCALE=5 runs five times as many cases (the default keeps the file well under a minute).
import fc from "fast-check";
import { describe, it } from "vitest";
import { startVerification } from "@/test/fixtures";
import {
  anyJson,
  charArb,
  contentType,
  extraHeaders,
  extraKeys,
  garbageBody,
  hugeString,
  jsonContentType,
  rarely,
  weirdString,
  type BodySpec,
} from "@/test/fuzz/arbitraries";
import { account, pool, sessionTokenFor } from "@/test/fuzz/pool";
import {
  credArb,
  idArb,
  mutate,
  requestOptions,
  resolveBody,
  resolveId,
  seg,
  startBody,
  type IdRef,
} from "@/test/fuzz/request-arbitraries";
import { fuzzCall } from "@/test/fuzz/response-checks";
import { ASSERT, runs, TIMEOUT, setUpFuzzPool } from "@/test/fuzz/setup";
import { buildSendInputs, sendInputsSpec } from "@/test/fuzz/send-inputs-arbitraries";

// Test data (test/fuzz/pool.ts): one account with the demo workflows and a verification of each, plus another tenant
setUpFuzzPool();

// ---------------------------------------------------------------------------------------------------------
// Properties

describe("fuzzing every endpoint: never a 5xx, always the documented shape", () => {
  it(
    "POST /api/v1/verifications",
    async () => {
      await fc.assert(
        fc.asyncProperty(credArb, startBody, jsonContentType, extraHeaders, async (cred, body, type, extra) => {
          await fuzzCall("start", "/api/v1/verifications", requestOptions(cred, resolveBody(body), type, extra));
        }),
        { numRuns: runs(500), ...ASSERT },
      );
    },
    TIMEOUT,
  );

  it(
    "GET /api/v1/verifications/{id} and /{id}/status",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          credArb,
          idArb("verification"),
          fc.boolean(),
          extraHeaders,
          fc.option(weirdString, { nil: undefined }),
          async (cred, id, status, extra, query) => {
            const path = `/api/v1/verifications/${seg(id)}${status ? "/status" : ""}${query === undefined ? "" : `?${query}`}`;
            await fuzzCall(status ? "status" : "get", path, requestOptions(cred, undefined, undefined, extra));
          },
        ),
        { numRuns: runs(500), ...ASSERT },
      );
    },
    TIMEOUT,
  );

  it(
    "POST /api/v1/verifications/{id}/send-inputs (JSON, multipart, broken multipart, garbage)",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          credArb,
          fc.oneof(
            { weight: 3, arbitrary: fc.nat(50).map((of) => ({ fresh: of })) },
            { weight: 6, arbitrary: idArb("verification").map((ref) => ({ ref })) },
          ),
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
              if (cred.kind === "session")
                effectiveCred = {
                  kind: "raw",
                  authorization: `Bearer ${await sessionTokenFor(started.verificationUrl)}`,
                };
            } else {
              id = target.ref;
              if (id.kind === "verification") fields = pool[id.of % pool.length]!.fields;
              // a session token of the targeted pool verification, so its inputs are actually validated
              if (cred.kind === "session" && id.kind === "verification") effectiveCred = { kind: "session", of: id.of };
            }
            const { body, type } = await buildSendInputs(spec, fields);
            const path = `/api/v1/verifications/${seg(id)}/send-inputs`;
            const auth = requestOptions(
              effectiveCred,
              body instanceof FormData ? undefined : body,
              typeOverride ?? type,
              undefined,
            );
            const options = body instanceof FormData ? { ...auth, method: "POST", body } : auth;
            await fuzzCall("sendInputs", path, options);
          },
        ),
        { numRuns: runs(700), ...ASSERT },
      );
    },
    TIMEOUT,
  );

  it(
    "POST /api/v1/workflows/{id}/email-otp",
    async () => {
      const plainEmail = fc
        .tuple(fc.stringMatching(/^[a-z0-9]{1,16}$/), fc.constantFrom("example.com", "fuzz.test", "EXAMPLE.ORG"))
        .map(([l, d]) => `${l}@${d}`);
      const body: fc.Arbitrary<BodySpec> = fc.oneof(
        {
          weight: 5,
          arbitrary: fc
            .record({
              key: fc.oneof(
                { weight: 4, arbitrary: plainEmail },
                { weight: 1, arbitrary: fc.emailAddress() },
                { weight: 2, arbitrary: weirdString.map((s) => `${s}@example.com`) },
                {
                  weight: 1,
                  arbitrary: fc.constantFrom(
                    " A@B.CO ",
                    "a@b",
                    "@",
                    `${"a".repeat(300)}@x.io`,
                    "a\u0000@x.io",
                    undefined,
                  ),
                },
                { weight: 1, arbitrary: anyJson },
              ),
              verificationId: rarely(
                fc.oneof(
                  idArb("verification").map((ref) => ({ __ref: ref })),
                  anyJson,
                ),
                3,
              ),
              extra: extraKeys,
            })
            .map(({ key, verificationId, extra }): BodySpec => ({
              json: {
                ...extra,
                ...(key === undefined ? {} : { key }),
                ...(verificationId === undefined ? {} : { verificationId }),
              },
            })),
        },
        { weight: 2, arbitrary: garbageBody },
      );
      const workflowArb = fc.oneof(
        { weight: 2, arbitrary: fc.constant<IdRef | "email-check">("email-check") },
        { weight: 3, arbitrary: idArb("workflow") },
      );
      await fc.assert(
        fc.asyncProperty(credArb, workflowArb, body, jsonContentType, async (cred, workflow, spec, type) => {
          const emailCheck = pool.findIndex((p) => p.workflow === "email-check");
          let id: IdRef = workflow === "email-check" ? { kind: "workflow", of: emailCheck } : workflow;
          let effectiveCred = cred;
          // a session token of the workflow's own verification most of the time, so the session path goes deeper
          if (cred.kind === "session" && id.kind === "workflow") effectiveCred = { kind: "session", of: id.of };
          if (cred.kind === "session" && workflow === "email-check") id = { kind: "workflow", of: emailCheck };
          await fuzzCall(
            "emailOtp",
            `/api/v1/workflows/${seg(id)}/email-otp`,
            requestOptions(effectiveCred, resolveBody(spec), type, undefined),
          );
        }),
        { numRuns: runs(400), ...ASSERT },
      );
    },
    TIMEOUT,
  );

  it(
    "GET /api/v1/workflows/{id}/document-types with random query strings",
    async () => {
      const pair = fc.tuple(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom("country", "step") },
          { weight: 1, arbitrary: fc.constantFrom("COUNTRY", "step[]", "country ", "") },
          { weight: 1, arbitrary: weirdString },
        ),
        fc.oneof(
          {
            weight: 4,
            arbitrary: fc.constantFrom(
              "US",
              "us",
              "DE",
              "GB",
              "XK",
              "AQ",
              "ZZ",
              "",
              " ",
              "0",
              "1",
              "2",
              "-1",
              "1e2",
              "0x1",
              "NaN",
              "Infinity",
              " 3 ",
              "99999999999999999999",
              "1.5",
            ),
          },
          { weight: 2, arbitrary: weirdString },
          { weight: 1, arbitrary: hugeString.map((s) => s.slice(0, 20_000)) },
        ),
      );
      const query = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString()),
        },
        { weight: 1, arbitrary: weirdString.map((s) => s.replace(/#/g, "")) },
      );
      await fc.assert(
        fc.asyncProperty(idArb("workflow"), query, credArb, async (workflow, q, cred) => {
          await fuzzCall(
            "documentTypes",
            `/api/v1/workflows/${seg(workflow)}/document-types${q ? `?${q}` : ""}`,
            requestOptions(cred, undefined, undefined, undefined),
          );
        }),
        { numRuns: runs(500), ...ASSERT },
      );
    },
    TIMEOUT,
  );

  it(
    "GET /api/v1/workflows/supported-document-types whatever the headers and query",
    async () => {
      await fc.assert(
        fc.asyncProperty(credArb, extraHeaders, fc.option(weirdString, { nil: undefined }), async (cred, extra, q) => {
          const response = await fuzzCall(
            "supportedTypes",
            `/api/v1/workflows/supported-document-types${q ? `?${q.replace(/#/g, "")}` : ""}`,
            requestOptions(cred, undefined, undefined, extra),
          );
          if (response.status !== 200)
            throw new Error(`public endpoint answered ${response.status}: ${response.text.slice(0, 300)}`);
        }),
        { numRuns: runs(60), ...ASSERT },
      );
    },
    TIMEOUT,
  );

  it(
    "POST /api/hosted/session",
    async () => {
      type TokenRef =
        | { resumeOf: number }
        | { sessionOf: number }
        | { mutatedResume: number; index: number; char: string }
        | { raw: unknown };
      const token: fc.Arbitrary<TokenRef> = fc.oneof(
        { weight: 3, arbitrary: fc.nat(50).map((resumeOf) => ({ resumeOf })) },
        { weight: 1, arbitrary: fc.nat(50).map((sessionOf) => ({ sessionOf })) },
        { weight: 2, arbitrary: fc.record({ mutatedResume: fc.nat(50), index: fc.nat(400), char: charArb }) },
        {
          weight: 2,
          arbitrary: fc
            .oneof(
              weirdString.map((s) => `vst_${s}`),
              weirdString.map((s) => `vst_${s}.${s}`),
              anyJson,
              fc.constantFrom("vst_", "vst_.", "vst_e30.", "x".repeat(513)),
            )
            .map((raw) => ({ raw })),
        },
      );
      type HostedSpec =
        | { pair: number; extra?: Record<string, unknown> }
        | { verificationId?: IdRef | { raw: unknown }; token?: TokenRef; extra?: Record<string, unknown> }
        | { garbage: BodySpec };
      const body: fc.Arbitrary<HostedSpec> = fc.oneof(
        // the verificationId and resume token of one verificationUrl, as the hosted page sends them
        {
          weight: 2,
          arbitrary: fc.record({
            pair: fc.nat(50),
            extra: rarely(fc.dictionary(weirdString, anyJson, { minKeys: 1, maxKeys: 2 }), 8),
          }),
        },
        {
          weight: 5,
          arbitrary: fc.record({
            verificationId: fc.oneof(
              { weight: 6, arbitrary: idArb("verification") },
              { weight: 1, arbitrary: anyJson.map((raw) => ({ raw })) },
              { weight: 1, arbitrary: fc.constant(undefined) },
            ),
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
            const id =
              verificationId === undefined
                ? undefined
                : "raw" in verificationId
                  ? verificationId.raw
                  : resolveId(verificationId);
            payload = {
              json: {
                ...extra,
                ...(id === undefined ? {} : { verificationId: id }),
                ...(t ? { token: resolveToken(t) } : {}),
              },
            };
          }
          await fuzzCall("hostedSession", "/api/hosted/session", requestOptions(cred, payload, type, undefined));
        }),
        { numRuns: runs(400), ...ASSERT },
      );
    },
    TIMEOUT,
  );
});
