import { documentCamera } from "./document-camera";

/** The fake cameras Chromium streams (--use-file-for-fake-video-capture): written when missing. */
export default async function globalSetup() {
  // a dynamic import: Playwright's static-import transform would turn this ES module into CommonJS
  // @ts-expect-error plain ESM script without type declarations
  const { makeFakeY4m } = await import("../tools/make/fake-y4m.mjs");
  makeFakeY4m();
  // the capture-quality spec's cameras: a generated passport page, sharp and blurred
  await documentCamera("sharp");
  await documentCamera("blurred");
}
