declare module "heic-decode" {
  const decode: (options: {
    buffer: Buffer | Uint8Array;
  }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  export default decode;
}
