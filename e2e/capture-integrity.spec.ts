import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiRecord, apiStart, apiStatus, snap } from "./support";
import { giveConsent, heading } from "./verify-helpers";
import { disguiseCameraScript } from "./virtual-camera";
import { signInAsDemoOwner } from "./dashboard-session";

// Issue 31 in real Chromium with its fake camera: the "liveness" demo workflow draws its movement per
// verification (RANDOM), the hosted page shows the drawn one and sends its capture report with the video, and
// LIVENESS's CAPTURE_INTEGRITY reads it. The fake camera is genuine here; disguised as "OBS Virtual Camera" (the
// device list and the track's label, as OBS's driver names itself), the same frames must go to review.

const INSTRUCTIONS: Record<string, string> = {
  TURN_HEAD_LEFT_RIGHT: "Look at the camera, then turn your head slowly to the left, then to the right.",
  TURN_HEAD_RIGHT_LEFT: "Look at the camera, then turn your head slowly to the right, then to the left.",
  NOD: "Look at the camera, then nod slowly: chin down, then up.",
};

type Integrity = {
  result: string;
  channel: string;
  camera_label: string | null;
  findings: { code: string; detail: string }[];
};
type LivenessData = { challenge: { type: string; drawn: boolean }; capture_integrity: Integrity };

/** Starts a verification of the RANDOM demo workflow, films the selfie on the hosted page, waits for LIVENESS. */
async function filmSelfie(
  page: Page,
  request: APIRequestContext,
  name: string,
): Promise<LivenessData & { verificationId: string }> {
  const started = await apiStart(request, "liveness", { reference: `e2e-${name}` });
  const selfie = started.inputs.find((i) => i.fieldName === "SELFIE_VIDEO")!;
  const drawn = (selfie.data ?? {}) as { challenge?: string; challengeNonce?: string };
  expect(Object.keys(INSTRUCTIONS)).toContain(drawn.challenge);
  expect(drawn.challengeNonce).toMatch(/^[\w-]{22}$/);

  await page.goto(started.verificationUrl);
  await giveConsent(page);
  await heading(page, "Selfie video");
  // the page shows the movement drawn for this verification
  await expect(page.getByText(INSTRUCTIONS[drawn.challenge!]!)).toBeVisible();
  await page.getByRole("button", { name: "Start recording" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Recording" })).toBeVisible();
  await expect(page.getByLabel("Preview of your video")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Use this video" }).click();
  await heading(page, "Thank you");

  await expect
    .poll(async () => (await apiStatus(request, started.verificationId)).status, { timeout: 120_000 })
    .toBe("COMPLETED");
  const record = await apiRecord(request, started.verificationId);
  const step = record.steps.find((s) => s.stepId === "LIVENESS")!;
  const data = step.data as LivenessData;
  // judged against what was drawn (the fake camera shows no face, so the movement itself is not seen)
  expect(data.challenge).toMatchObject({ type: drawn.challenge, drawn: true });
  return { ...data, verificationId: started.verificationId };
}

test("a virtual camera named like OBS's is flagged: LIVENESS shows CAPTURE_INTEGRITY REVIEW with the reason", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.addInitScript({ content: disguiseCameraScript("OBS Virtual Camera") });
  const data = await filmSelfie(page, request, "obs");
  await snap(page, testInfo, "obs-submitted");
  expect(data.capture_integrity).toMatchObject({
    result: "REVIEW",
    channel: "hosted",
    camera_label: "OBS Virtual Camera",
    findings: [{ code: "VIRTUAL_CAMERA", detail: expect.stringContaining('virtual camera ("OBS Virtual Camera"') }],
  });

  // the reviewer sees the check and its reason in the verification's LIVENESS step
  await signInAsDemoOwner(page);
  await page.goto(`/dashboard/verifications/${data.verificationId}`);
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "CAPTURE_INTEGRITY", exact: true }) });
  await expect(row.getByRole("cell", { name: "REVIEW", exact: true })).toBeVisible();
  await expect(row).toContainText('The camera is a virtual camera ("OBS Virtual Camera", OBS Virtual Camera)');
  await snap(page, testInfo, "obs-dashboard");
});

test("the genuine fake camera is not flagged", async ({ page, request }) => {
  test.setTimeout(180_000);
  const data = await filmSelfie(page, request, "genuine");
  expect(data.capture_integrity).toMatchObject({ result: "PASSED", channel: "hosted", findings: [] });
  expect(data.capture_integrity.camera_label).toContain("fake-camera.y4m");
});
