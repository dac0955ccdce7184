// Test-only: the values of send-inputs items for fuzzing — plausible and odd text, locations, and files (real images
// and videos, truncated or corrupted ones, random bytes behind a magic number, random bytes) as data URLs, some of
// them mangled. send-inputs-arbitraries.ts puts them into items and bodies.
import fc from "fast-check";
import { anyJson, anyString, randomBytes } from "@/test/fuzz/arbitraries";
import { realFiles } from "@/test/fuzz/pool";
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from "@/lib/domain/flows/inputs";

const PLAUSIBLE_TEXT = [
  "US",
  "us",
  "DE",
  "XK",
  "AQ",
  "ZZ",
  "PASSPORT",
  "passport",
  "NATIONAL_ID",
  "DRIVERS_LICENSE",
  "VOTER_ID",
  "RESIDENCE_PERMIT",
  "VISA",
  "1990-01-01",
  "2999-01-01",
  "1990-02-30",
  "1899-12-31",
  "Jane Doe",
  "10115",
  "SW1A 1AA",
  "a@b.co",
  "A@B.CO ",
  "123456",
  "000000",
  "12345",
  "Main St 1",
  "Berlin",
  "  ",
];

// Files: real images and videos, truncated or corrupted ones, random bytes behind a magic number, random bytes.
export type FileSpec =
  | { kind: "real"; which: "jpeg" | "png" | "webm"; cut?: number; flips?: [number, number][] }
  | { kind: "magic"; magic: string; tail: Uint8Array }
  | { kind: "random"; bytes: Uint8Array }
  | { kind: "oversized"; video: boolean };
const MAGIC: Record<string, string> = {
  jpeg: "ffd8ffe000104a464946",
  png: "89504e470d0a1a0a0000000d49484452",
  gif: "474946383961",
  webp: "52494646000000005745425056503820",
  heic: "000000186674797068656963",
  avif: "0000001c6674797061766966",
  mp4: "000000186674797069736f6d",
  webm: "1a45dfa3",
  pdf: "255044462d312e34",
  zip: "504b0304",
  tiff: "49492a00",
  bmp: "424d",
};
export const fileSpec: fc.Arbitrary<FileSpec> = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.record({
      kind: fc.constant("real" as const),
      which: fc.constantFrom("jpeg" as const, "png" as const, "webm" as const),
    }),
  },
  {
    weight: 30,
    arbitrary: fc.record(
      {
        kind: fc.constant("real" as const),
        which: fc.constantFrom("jpeg" as const, "png" as const, "webm" as const),
        cut: fc.nat(4000),
        flips: fc.array(fc.tuple(fc.nat(4000), fc.nat(255)), { maxLength: 8 }),
      },
      { requiredKeys: ["kind", "which"] },
    ),
  },
  {
    weight: 30,
    arbitrary: fc.record({
      kind: fc.constant("magic" as const),
      magic: fc.constantFrom(...Object.keys(MAGIC)),
      tail: randomBytes,
    }),
  },
  { weight: 20, arbitrary: fc.record({ kind: fc.constant("random" as const), bytes: randomBytes }) },
  // just over the image limit (15 MiB) or the video limit (50 MiB): rare, they are slow to send
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("oversized" as const), video: fc.boolean() }) },
);
export function fileBytes(spec: FileSpec): Buffer {
  if (spec.kind === "random") return Buffer.from(spec.bytes);
  if (spec.kind === "oversized")
    return Buffer.concat([
      realFiles[spec.video ? "webm" : "jpeg"],
      Buffer.alloc((spec.video ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES) + 1),
    ]);
  if (spec.kind === "magic") return Buffer.concat([Buffer.from(MAGIC[spec.magic]!, "hex"), Buffer.from(spec.tail)]);
  const bytes = Buffer.from(realFiles[spec.which]);
  for (const [at, value] of spec.flips ?? []) if (bytes.length) bytes[at % bytes.length] = value;
  return spec.cut === undefined ? bytes : bytes.subarray(0, spec.cut % (bytes.length + 1));
}

export type ValueSpec =
  { plain: unknown } | { file: FileSpec; mime: string; mangle?: "badBase64" | "noBase64" | "oddLength" };
export const MIMES = [
  "image/jpeg",
  "image/png",
  "video/webm",
  "application/pdf",
  "text/plain",
  "image/svg+xml",
  "x",
  "image/jpeg;name=a.jpg",
];
const locationValue = fc.record(
  {
    latitude: fc.oneof(fc.double(), anyJson),
    longitude: fc.oneof(fc.double(), anyJson),
    accuracy: fc.oneof(fc.double(), anyJson),
    extra: anyJson,
  },
  { requiredKeys: [] },
);
export const valueSpec: fc.Arbitrary<ValueSpec | undefined> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...PLAUSIBLE_TEXT).map((plain): ValueSpec => ({ plain })) },
  { weight: 3, arbitrary: anyString.map((plain): ValueSpec => ({ plain })) },
  { weight: 2, arbitrary: locationValue.map((plain): ValueSpec => ({ plain })) },
  { weight: 1, arbitrary: locationValue.map((plain): ValueSpec => ({ plain: JSON.stringify(plain) })) },
  {
    weight: 4,
    arbitrary: fc.record(
      {
        file: fileSpec,
        mime: fc.constantFrom(...MIMES),
        mangle: fc.constantFrom("badBase64" as const, "noBase64" as const, "oddLength" as const),
      },
      { requiredKeys: ["file", "mime"] },
    ),
  },
  { weight: 1, arbitrary: anyJson.map((plain): ValueSpec => ({ plain })) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
export function resolveValue(spec: ValueSpec): unknown {
  if ("plain" in spec) return spec.plain;
  const base64 = fileBytes(spec.file).toString("base64");
  if (spec.mangle === "badBase64") return `data:${spec.mime};base64,${base64.slice(0, 10)}!*${base64.slice(10)}`;
  if (spec.mangle === "noBase64") return `data:${spec.mime},${base64}`;
  if (spec.mangle === "oddLength") return `data:${spec.mime};base64,${base64}A`;
  return `data:${spec.mime};base64,${base64}`;
}
