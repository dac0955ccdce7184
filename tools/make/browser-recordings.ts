import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from "@/e2e/chromium";
import { CANVAS_CAMERA_SCRIPT, disguiseCameraScript } from "@/e2e/virtual-camera";

// Genuine and injected browser recordings for measuring CAPTURE_INTEGRITY (docs/accuracy.md, "capture
// integrity"): real Chromium records its fake camera with MediaRecorder exactly as the hosted page does, and the
// page's own signal collector (components/verify/capture/capture-signals.ts, bundled here) reports on it.
//   node --import tsx tools/make/browser-recordings.ts --out DIR [--count N] [--seconds S]
// Writes DIR/<name>.webm, DIR/<name>.signals.json and DIR/labels.csv (file,label,scenario); read it with
//   npm run eval:capture-integrity -- --data DIR
// Scenarios: genuine = the fake camera streaming e2e/fixtures/fake-camera.y4m (15 fps) and Chromium's built-in
// test pattern; injected = the same camera named "OBS Virtual Camera" (what OBS shows), and a canvas stream
// replacing getUserMedia (a script-injected feed).

const ROOT = path.resolve(__dirname, "../..");
const Y4M = path.join(ROOT, "e2e/fixtures/fake-camera.y4m");

type Scenario = { name: string; label: "genuine" | "injected"; file: boolean; init?: string };
const SCENARIOS: Scenario[] = [
  { name: "y4m", label: "genuine", file: true },
  { name: "pattern", label: "genuine", file: false },
  { name: "obs-label", label: "injected", file: true, init: disguiseCameraScript("OBS Virtual Camera") },
  { name: "canvas", label: "injected", file: false, init: CANVAS_CAMERA_SCRIPT },
];

function option(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

async function collectorBundle(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(ROOT, "components/verify/capture/capture-signals.ts")],
    bundle: true,
    format: "iife",
    globalName: "CaptureSignalsCollector",
    write: false,
    alias: { "@": ROOT },
  });
  return out.outputFiles[0]!.text;
}

async function record(scenario: Scenario, bundle: string, seconds: number) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs(scenario.file ? Y4M : undefined)],
  });
  try {
    const context = await browser.newContext({ permissions: ["camera"] });
    const page = await context.newPage();
    if (scenario.init) await page.addInitScript({ content: scenario.init });
    // a secure context (mediaDevices exists only there) without a server: the page is answered by the route
    await page.route("http://localhost/", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><body></body>" }),
    );
    await page.goto("http://localhost/");
    await page.addScriptTag({ content: bundle });
    const result = await page.evaluate(async (ms) => {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "user", width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      const video = Object.assign(document.createElement("video"), { muted: true, playsInline: true });
      video.srcObject = stream;
      document.body.append(video);
      await video.play();
      const mimeType = ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm"].find((t) =>
        MediaRecorder.isTypeSupported(t),
      )!;
      const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 2_500_000 });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const collector = (window as any).CaptureSignalsCollector.collectCaptureSignals(stream, video, null);
      const started = performance.now();
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(500);
      await new Promise((resolve) => setTimeout(resolve, ms));
      recorder.stop();
      await stopped;
      const signals = await collector.finish({ mimeType: recorder.mimeType, durationMs: performance.now() - started });
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { video: btoa(binary), signals };
    }, seconds * 1000);
    return { video: Buffer.from(result.video, "base64"), signals: result.signals as unknown };
  } finally {
    await browser.close();
  }
}

async function main() {
  const out = option("out");
  if (!out) throw new Error("usage: browser-recordings.ts --out DIR [--count N] [--seconds S]");
  const count = Number(option("count", "3"));
  const seconds = Number(option("seconds", "5"));
  if (!existsSync(Y4M)) throw new Error(`${Y4M} is missing: run node tools/make/fake-y4m.mjs`);
  await mkdir(out, { recursive: true });
  const bundle = await collectorBundle();
  const rows = ["file,label,scenario"];
  for (const scenario of SCENARIOS)
    for (let i = 1; i <= count; i++) {
      const name = `${scenario.name}-${i}`;
      const { video, signals } = await record(scenario, bundle, seconds);
      await writeFile(path.join(out, `${name}.webm`), video);
      await writeFile(path.join(out, `${name}.signals.json`), JSON.stringify(signals, null, 2));
      rows.push(`${name}.webm,${scenario.label},${scenario.name}`);
      console.log(`${name}: ${video.length} bytes`, JSON.stringify(signals));
    }
  await writeFile(path.join(out, "labels.csv"), rows.join("\n") + "\n");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
