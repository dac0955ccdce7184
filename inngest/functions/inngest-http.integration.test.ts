import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/core/db";
import { resetEnvCache } from "@/lib/core/env";
import { emailAccountWithLocalWebhooks, emailVerificationReadyToProcess, receiverFor } from "@/test/engine-fixtures";

// /api/inngest driven as Inngest's executor drives it: POST ?fnId=…&stepId=step with the run's event and the steps
// done so far, signed with the signing key (X-Inngest-Signature: t=<unix>&s=<hex HMAC-SHA256 of the canonical JSON
// body + t, keyed with the key without its signkey-<env>- prefix>); each 206 answer names the step it ran, which the
// next request carries back as memoized state, until a 200 with the function's result. Our own code here, not the
// SDK's, as a stand-in for the executor (docs/operations.md: what only a real Inngest server proves).

const signingKey = `signkey-test-${randomBytes(32).toString("hex")}`;
const account = emailAccountWithLocalWebhooks();
type Handler = (request: Request, context: unknown) => Promise<Response>;
let POST: Handler;

/** RFC 8785-style canonical JSON for plain data: keys sorted at every level. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

function sign(body: unknown, key = signingKey) {
  const t = Math.floor(Date.now() / 1000).toString();
  const s = createHmac("sha256", key.replace(/^signkey-\w+-/, ""))
    .update(canonical(body) + t)
    .digest("hex");
  return `t=${t}&s=${s}`;
}

async function invoke(fnId: string, body: Record<string, unknown>, signature = sign(body), stepId = "step") {
  const request = new Request(`http://localhost/api/inngest?fnId=openkyc-${fnId}&stepId=${stepId}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-inngest-signature": signature, "x-inngest-server-kind": "cloud" },
    body: JSON.stringify(body),
  });
  const response = await POST(request, {});
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** The executor's loop: run, memoize each step's answer, call again, until the function returns. */
async function runToEnd(fnId: string, event: { name: string; data: Record<string, unknown> }) {
  const runId = randomUUID();
  const fullEvent = { ...event, id: randomUUID(), ts: Date.now() };
  const steps: Record<string, unknown> = {};
  const stack: string[] = [];
  const ran: string[] = [];
  let stepId = "step";
  for (let i = 0; i < 50; i++) {
    const body = {
      event: fullEvent,
      events: [fullEvent],
      steps,
      ctx: {
        run_id: runId,
        attempt: 0,
        disable_immediate_execution: true,
        use_api: false,
        stack: { stack, current: stack.length },
      },
      version: 1,
    };
    const answer = await invoke(fnId, body, sign(body), stepId);
    if (answer.status === 200) return { result: answer.body, ran };
    expect(answer.status, JSON.stringify(answer.body)).toBe(206);
    stepId = "step";
    for (const op of answer.body as { op: string; id: string; name?: string; displayName?: string; data?: unknown }[]) {
      ran.push(`${op.op}:${op.displayName ?? op.name}`);
      // a planned step is run by the next request, which names it; a finished (or, here, failed) one is memoized
      if (op.op === "StepPlanned") {
        stepId = op.id;
        break;
      }
      steps[op.id] = { type: "data", data: op.data ?? null };
      stack.push(op.id);
    }
  }
  throw new Error("the run did not end in 50 calls");
}

beforeAll(async () => {
  vi.stubEnv("INNGEST_SIGNING_KEY", signingKey);
  vi.stubEnv("INNGEST_EVENT_KEY", "test-event-key");
  resetEnvCache();
  ({ POST } = (await import("@/app/api/inngest/route")) as unknown as { POST: Handler });
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe("/api/inngest as Inngest's executor calls it", () => {
  it("refuses a request with a wrong signature", async () => {
    const body = {
      event: { name: "x", data: {} },
      events: [],
      steps: {},
      ctx: { run_id: "r", stack: { stack: [], current: 0 } },
      version: 1,
    };
    const answer = await invoke("deliver-webhook", body, sign(body, `signkey-test-${randomBytes(32).toString("hex")}`));
    expect(answer.status).toBe(401);
  });

  it("runs a verification's steps and a webhook delivery through signed requests", async () => {
    const receiver = await receiverFor(account());
    const { verificationId } = await emailVerificationReadyToProcess(account());
    const run = await runToEnd("run-verification", { name: "openkyc/verification.ready", data: { verificationId } });
    expect(run.ran.some((r) => r.startsWith("StepRun:claim"))).toBe(true);
    expect(run.ran.some((r) => r.startsWith("StepRun:step-0"))).toBe(true);
    expect(run.result).toMatchObject({ finalized: true });
    // step.sendEvent needs Inngest's event API, which no server here provides: those steps fail (an executor would
    // retry them; here they are passed over) and the delivery below is driven as the relay would start it
    expect(run.ran.filter((r) => r.startsWith("StepError"))).toEqual([
      "StepError:announce-deliveries-0",
      "StepError:announce-deliveries",
    ]);
    expect((await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } })).status).toBe("COMPLETED");

    const delivery = await prisma.webhookDelivery.findFirstOrThrow({
      where: { endpointId: receiver.endpointId, event: { verificationId, name: "verification_completed" } },
    });
    const sent = await runToEnd("deliver-webhook", {
      name: "openkyc/webhook.delivery.created",
      data: { deliveryId: delivery.id },
    });
    expect(sent.result).toMatchObject({ status: "DELIVERED" });
    expect(
      receiver.received.some((r) => r.json.eventName === "verification_completed" && r.serviceSignatureValid),
    ).toBe(true);
    await receiver.close();
  }, 60_000);
});
