import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { decodeImage, detectFacesInPixels } from "@/lib/engines/faces/human-engine";
import { frontalFrames, judgePresentationAttack, scoreFrame, type FramePad } from "./presentation-attack";

// Never-regress on the development material of docs/accuracy.md ("Presentation attacks"), through the same path as
// `npm run eval:pad`: no genuine capture is declined even when a second signal is assumed to agree (the worst case
// for a person), and the attacks let through stay at what was measured when the thresholds were chosen. The combined
// model was FIT on face-pad's development half, so the face-pad figures here are in-sample (0 of 29 attacks, 29 of
// 33 genuine passed; the attack bound is the cross-validated 1): a floor against regressions, not an accuracy claim —
// the cross-validated figures are in docs/accuracy.md. face-pairs was not used to fit anything (56 of 62 passed).

const DATA = path.resolve(process.cwd(), "../shared/data");
// skipped, saying so, where the development material is absent (a checkout without ../shared/data)
const present = existsSync(path.join(DATA, "face-pad/labels.csv")) && existsSync(path.join(DATA, "face-pairs"));
const AGREEING = [{ name: "an assumed second signal", failed: true }];

async function decide(file: string) {
  const image = await decodeImage(await readFile(file));
  const main = (await detectFacesInPixels(image))[0] ?? null;
  const frames: FramePad[] = [];
  if (main && frontalFrames([{ main, others: 0 }]).length)
    frames.push({ ...(await scoreFrame(image, main)), frame: 0, yaw: main.yaw, pitch: main.pitch });
  return judgePresentationAttack(frames, { secondSignals: AGREEING }).check.result;
}

const TITLE = "PRESENTATION_ATTACK on the development material";
describe.skipIf(!present)(present ? TITLE : `${TITLE} — SKIPPED: ${DATA}/face-pad or face-pairs is absent`, () => {
  it("face-pad: no genuine capture FAILED, at most 1 of 29 attacks PASSED, at least 29 of 33 genuine PASSED", async () => {
    const rows = parse(await readFile(path.join(DATA, "face-pad/labels.csv"), "utf8"), { columns: true }) as {
      image: string;
      label: string;
    }[];
    const results = await Promise.all(
      rows.map(async (r) => ({ label: r.label, result: await decide(path.join(DATA, "face-pad", r.image)) })),
    );
    const genuine = results.filter((r) => r.label === "bona_fide");
    const attacks = results.filter((r) => r.label === "spoof");
    expect(genuine.length).toBe(33);
    expect(genuine.filter((r) => r.result === "FAILED")).toEqual([]);
    expect(attacks.length).toBe(29);
    expect(genuine.filter((r) => r.result === "PASSED").length).toBeGreaterThanOrEqual(29);
    expect(attacks.filter((r) => r.result === "PASSED").length).toBeLessThanOrEqual(1);
    expect(attacks.filter((r) => r.result === "FAILED").length).toBeGreaterThan(0);
  }, 120_000);

  it("face-pairs (genuine colour photos): none FAILED, most PASSED", async () => {
    const dir = path.join(DATA, "face-pairs");
    const files = (await readdir(dir)).filter((f) => /\.(jpe?g|png)$/i.test(f));
    const results = await Promise.all(files.map((f) => decide(path.join(dir, f))));
    expect(results.length).toBe(62);
    expect(results.filter((r) => r === "FAILED")).toEqual([]);
    expect(results.filter((r) => r === "PASSED").length).toBeGreaterThanOrEqual(56);
  }, 120_000);
});
