// A WebAssembly module's exports from its bytes inlined as base64: the .generated.ts files that
// tools/make/image-kernels-wasm.ts builds from the service's .wat kernels, so that nothing is read from disk. One
// instance per caller's thread (a module-level `??=` in the kernel's own file).

export function inlinedWasm<Exports>(base64: string): Exports {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as Exports;
}
