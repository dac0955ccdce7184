import { createRequire } from "node:module";
import path from "node:path";

// The TF.js reference runtime (Human and face-api on TensorFlow.js WASM) is not installed with the service any more
// (issue 35): every face model runs on onnxruntime from models/. The parity evaluations, the comparison runtimes
// FACE_RUNTIME=onnx-exact / tfjs, eval:faces' candidate descriptors, the ONNX converters (tools/make/*-onnx.py) and
// the TF.js baselines of the liveness bench still need it; `npm run setup:tfjs-reference` installs the exact
// versions the ONNX graphs were converted from, without saving them (a later plain `npm install` removes them).

export const SETUP_COMMAND = "npm run setup:tfjs-reference";

export class TfjsReferenceMissing extends Error {
  constructor(name: string) {
    super(`${name} is not installed: the TF.js reference runtime is an optional install (${SETUP_COMMAND})`);
    this.name = "TfjsReferenceMissing";
  }
}

/** The entry file of a reference package, resolved from the app root; TfjsReferenceMissing when absent. */
export function resolveReference(name: string): string {
  const fromRoot = createRequire(path.join(process.cwd(), "package.json"));
  try {
    // a computed specifier, as lib/engines/geo/package-dir.ts: the production build must not try to resolve it
    return fromRoot.resolve([name].join(""));
  } catch {
    throw new TfjsReferenceMissing(name);
  }
}

/** Whether Human, face-api and TF.js' WASM backend can be loaded here. */
export function tfjsReferenceInstalled(): boolean {
  try {
    for (const name of ["@vladmandic/human", "@vladmandic/face-api", "@tensorflow/tfjs-backend-wasm"])
      resolveReference(name);
    return true;
  } catch {
    return false;
  }
}
