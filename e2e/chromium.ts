// How every Chromium here is launched: the end-to-end tests (playwright.config.ts and the specs that launch a
// browser of their own, e.g. capture-quality.spec.ts) and `npm run bench:verify`. Debian's Chromium, never one
// downloaded by `npx playwright install` (no internet here).

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** No sandbox (containers run as root), no GPU, nothing that phones home or updates itself. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * A page that asks for the camera gets Chromium's fake one without a prompt; with `file` (a .y4m), the camera
 * streams that file's frames instead of the built-in test pattern.
 */
export function fakeCameraArgs(file?: string): string[] {
  return [
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    ...(file ? [`--use-file-for-fake-video-capture=${file}`] : []),
  ];
}
