// Property-based fuzzing of requests that race on real PostgreSQL: concurrent starts for one new end user, and
// concurrent inputs, OTPs, sessions and status reads on one verification. One identity per user, never a 5xx
// (the single-request properties: fuzz.integration.test.ts).
import fc from "fast-check";
import { describe, it } from "vitest";
import { startVerification } from "@/test/fixtures";
import { encodeBody } from "@/test/fuzz/arbitraries";
import { account, pool, sessionTokenFor } from "@/test/fuzz/pool";
import { fuzzCall } from "@/test/fuzz/response-checks";
import { buildGood, type ItemSpec, type SendInputsSpec } from "@/test/fuzz/send-inputs-arbitraries";
import { ASSERT, runs, setUpFuzzPool, TIMEOUT } from "@/test/fuzz/setup";

setUpFuzzPool();

describe("fuzzing requests that race: one identity per user, never a 5xx", () => {
  it(
    "concurrent starts with one new metadata.userId share one identity, never a 5xx",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: 6 }),
          fc.uuid(),
          fc.constantFrom("full-kyc", "address-only", "liveness"),
          async (n, userId, workflow) => {
            const responses = await Promise.all(
              Array.from({ length: n }, () =>
                fuzzCall("start", "/api/v1/verifications", {
                  ...account.auth,
                  body: { flowId: account.workflows[workflow], metadata: { userId } },
                }),
              ),
            );
            const identities = new Set(responses.map((r) => r.body.identityId));
            if (responses.some((r) => r.status !== 201) || identities.size !== 1) {
              throw new Error(
                `expected ${n} × 201 with one identity, got ${responses.map((r) => r.status).join(",")} and ${identities.size} identities`,
              );
            }
          },
        ),
        { numRuns: runs(20), ...ASSERT },
      );
    },
    TIMEOUT,
  );

  it(
    "concurrent requests on one verification (inputs, OTPs, sessions, status) never produce a 5xx",
    async () => {
      const good = fc.record({
        form: fc.constant("good" as const),
        multipart: fc.boolean(),
        mask: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        mutations: fc.constant<{ at: number; item: ItemSpec }[]>([]),
        complete: fc.constantFrom(undefined, true, false),
      });
      type Op =
        | { op: "send"; spec: Extract<SendInputsSpec, { form: "good" }>; session: boolean }
        | { op: "otp"; email: string; session: boolean }
        | { op: "session" }
        | { op: "status" };
      const op: fc.Arbitrary<Op> = fc.oneof(
        { weight: 4, arbitrary: fc.record({ op: fc.constant("send" as const), spec: good, session: fc.boolean() }) },
        {
          weight: 2,
          arbitrary: fc.record({
            op: fc.constant("otp" as const),
            email: fc.constantFrom("race-1", "race-2"),
            session: fc.boolean(),
          }),
        },
        { weight: 1, arbitrary: fc.constantFrom<Op>({ op: "session" }, { op: "status" }) },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constant("email-check"), fc.nat(50)),
          fc.array(op, { minLength: 2, maxLength: 6 }),
          fc.stringMatching(/^[a-z0-9]{10}$/),
          async (which, ops, mailbox) => {
            const entry =
              typeof which === "number" ? pool[which % pool.length]! : pool.find((p) => p.workflow === which)!;
            const started = await startVerification(account, entry.workflow);
            const url = new URL(started.verificationUrl);
            const session = await sessionTokenFor(started.verificationUrl);
            const auth = (useSession: boolean) => (useSession ? { token: session } : account.auth);
            await Promise.all(
              ops.map(async (o) => {
                if (o.op === "status")
                  return fuzzCall("status", `/api/v1/verifications/${started.verificationId}/status`, account.auth);
                if (o.op === "session") {
                  return fuzzCall("hostedSession", "/api/hosted/session", {
                    body: { verificationId: started.verificationId, token: url.searchParams.get("token") },
                  });
                }
                if (o.op === "otp") {
                  const key = `${o.email}-${mailbox}@example.com`;
                  const body = o.session ? { key } : { key, verificationId: started.verificationId };
                  return fuzzCall("emailOtp", `/api/v1/workflows/${started.flowId}/email-otp`, {
                    ...auth(o.session),
                    body,
                  });
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
          },
        ),
        { numRuns: runs(30), ...ASSERT },
      );
    },
    TIMEOUT,
  );
});
