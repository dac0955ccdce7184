import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as stateModule from "@/app/api/hosted/state/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, sessionTokenFor, startVerification, type TestAccount } from "@/test/fixtures";
import { webm } from "@/test/images";
import { CAPTURE_SIGNALS_FIELD, type CaptureSignals } from "@/lib/shared/capture-signals";

// Issue 31 through the routes the hosted page and an integrator call: the RANDOM challenge drawn at the start and
// shown on both sides, and the page's capture report kept on the selfie video's stored file (hosted only).

const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);
const stateRoute = route("/api/hosted/state", stateModule);

let account: TestAccount;
beforeAll(async () => {
  account = await createTestAccount({
    workflows: [
      { name: "random", processes: ["LIVENESS"], settings: { LIVENESS_CHALLENGE: "RANDOM" } },
      { name: "fixed", processes: ["LIVENESS"], settings: { LIVENESS_CHALLENGE: "NOD" } },
    ],
  });
});

type Field = { fieldName: string; data?: Record<string, unknown> };
const selfieField = (inputs: Field[]) => inputs.find((i) => i.fieldName === "SELFIE_VIDEO")!;

const REPORT: CaptureSignals = {
  version: 1,
  source: "camera",
  nonce: null,
  device: { label: "OBS Virtual Camera", trackLabel: "OBS Virtual Camera", cameras: 1, listed: true },
  settings: null,
  frames: null,
  recording: { mimeType: "video/webm", durationMs: 1000 },
};

function videoForm(report?: string): FormData {
  const form = new FormData();
  const texts = report === undefined ? [] : [{ fieldName: CAPTURE_SIGNALS_FIELD, type: "TEXT", value: report }];
  form.set("inputs", JSON.stringify([...texts, { fieldName: "SELFIE_VIDEO", type: "FILE" }]));
  form.set("SELFIE_VIDEO", new Blob([new Uint8Array(webm())], { type: "video/webm" }), "video.webm");
  return form;
}

async function storedMeta(verificationId: string) {
  const rows = await prisma.verificationInput.findMany({ where: { verificationId }, include: { file: true } });
  expect(rows.map((r) => r.fieldName)).toEqual(["SELFIE_VIDEO"]);
  return rows[0]!.file!.meta as Record<string, unknown>;
}

describe("RANDOM liveness challenge", () => {
  it("draws a challenge and a nonce per verification, stores them, and shows the same on the hosted page", async () => {
    const started = await Promise.all(Array.from({ length: 6 }, () => startVerification(account, "random")));
    const fields = started.map((s) => selfieField((s as unknown as { inputs: Field[] }).inputs).data!);
    for (const data of fields) {
      expect(["TURN_HEAD_LEFT_RIGHT", "TURN_HEAD_RIGHT_LEFT", "NOD"]).toContain(data.challenge);
      expect(data.challengeNonce).toMatch(/^[\w-]{22}$/);
      expect(data.instruction).toMatch(/^Look at the camera/);
    }
    expect(new Set(fields.map((d) => d.challengeNonce)).size).toBe(6);

    const first = started[0]!;
    const row = await prisma.verification.findUniqueOrThrow({ where: { id: first.verificationId } });
    expect(row.livenessChallenge).toEqual({ type: fields[0]!.challenge, nonce: fields[0]!.challengeNonce });
    const token = await sessionTokenFor(first.verificationUrl);
    const state = await call(stateRoute, "/api/hosted/state", { token });
    expect(selfieField(state.body.inputs).data).toMatchObject({
      challenge: fields[0]!.challenge,
      challengeNonce: fields[0]!.challengeNonce,
    });
  });

  it("draws nothing for a fixed challenge", async () => {
    const started = await startVerification(account, "fixed");
    expect(selfieField((started as unknown as { inputs: Field[] }).inputs).data).toMatchObject({ challenge: "NOD" });
    const row = await prisma.verification.findUniqueOrThrow({ where: { id: started.verificationId } });
    expect(row.livenessChallenge).toBeNull();
  });
});

describe("the hosted page's capture report", () => {
  const send = (verificationId: string, body: FormData, auth: { token?: string; clientId?: string }) =>
    call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, { ...auth, body });

  it("is kept on the selfie video's file, not as an input", async () => {
    const { verificationId, verificationUrl } = await startVerification(account, "fixed");
    const token = await sessionTokenFor(verificationUrl);
    const response = await send(verificationId, videoForm(JSON.stringify(REPORT)), { token });
    expect(response.status, response.text).toBe(200);
    expect((await storedMeta(verificationId)).capture).toEqual({ channel: "hosted", signals: REPORT });
  });

  it("marks a hosted upload without a report, or with one that does not parse, and still takes the video", async () => {
    for (const [report, expected] of [
      [undefined, { channel: "hosted", signals: null }],
      ['{"version":2}', { channel: "hosted", signals: null, invalid: true }],
    ] as const) {
      const { verificationId, verificationUrl } = await startVerification(account, "fixed");
      const token = await sessionTokenFor(verificationUrl);
      const response = await send(verificationId, videoForm(report), { token });
      expect(response.status, response.text).toBe(200);
      expect((await storedMeta(verificationId)).capture).toEqual(expected);
    }
  });

  it("is not an input an API caller may send; an API upload carries no capture stamp", async () => {
    const { verificationId } = await startVerification(account, "fixed");
    const refused = await send(verificationId, videoForm(JSON.stringify(REPORT)), account.auth);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { field: CAPTURE_SIGNALS_FIELD, message: "This workflow does not ask for this input" },
    ]);
    const accepted = await send(verificationId, videoForm(), account.auth);
    expect(accepted.status, accepted.text).toBe(200);
    expect((await storedMeta(verificationId)).capture).toBeUndefined();
  });
});
