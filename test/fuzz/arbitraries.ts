// Test-only: endpoint-independent generators for fuzzing: odd strings and JSON, raw JSON texts, random bytes,
// content types, header values, and request bodies as descriptions (BodySpec).
import fc from "fast-check";

const NASTY = [
  "\u0000",
  "\ud800",
  "\udfff",
  "\udc00\ud800",
  "\u202e",
  "\u200f",
  "\u200b",
  "\ufeff",
  "\uffff",
  "\ufffd",
  "\u0301",
  "😀",
  "👨‍👩‍👧",
  "𝕏",
  "ﷺ",
  "İ",
  "ß",
  "'",
  '"',
  "\\",
  "%",
  "%00",
  "%ZZ",
  "../",
  "<script>",
  "${x}",
  "\r\n",
  "\t",
  " ",
  "null",
  "NaN",
  "-0",
  "1e400",
  "__proto__",
  "constructor",
  "ⅷ",
  "٣",
];
export const charArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
);
export const weirdString = fc.string({ unit: charArb, maxLength: 40 });
export const hugeString = fc
  .tuple(
    fc.constantFrom(300, 5_000, 20_000, 70_000, 300_000),
    fc.constantFrom("x", "é", "😀", "\u0000", "\ud800", "9", " "),
  )
  .map(([n, c]) => c.repeat(n));
export const anyString = fc.oneof({ weight: 8, arbitrary: weirdString }, { weight: 1, arbitrary: hugeString });
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3, stringUnit: charArb }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -0, [], {}, "", [[]], { "": "" }),
  },
  { weight: 1, arbitrary: anyString },
);
/** An object nested `depth` levels deep, as a value (JSON.stringify of it is what gets sent). */
export const deepObject = fc.integer({ min: 5, max: 60 }).map((depth) => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
/** JSON texts no JSON.stringify makes: huge nesting, numbers out of range, BOMs, trailing garbage. */
export const rawJsonText = fc.oneof(
  fc.constantFrom(1, 100, 5_000, 200_000).map((n) => "[".repeat(n) + "]".repeat(n)),
  fc.constantFrom(1, 100, 5_000, 100_000).map((n) => '{"a":'.repeat(n) + "1" + "}".repeat(n)),
  fc.constantFrom(10, 10_000).map((n) => "[".repeat(n)),
  fc.constantFrom(
    "",
    " ",
    "{",
    "}",
    "[]",
    "null",
    "true",
    "0",
    '"x"',
    "1e400",
    "-1e400",
    '{"flowId":1e400}',
    '{"inputs":[{"fieldName":"CITY","type":"TEXT","value":"a"},]}',
    "\ufeff{}",
    "{}garbage",
    '{"a":1,"a":2}',
    '{"__proto__":{"x":1}}',
    '{"metadata":{"__proto__":{"userId":1}}}',
    "NaN",
    "{'a':1}",
    '{"key":"\\ud800@x.io"}',
    '{"metadata":{"userId":1e400}}',
    '{"metadata":{"userId":-0}}',
    '{"metadata":{"n":1e400,"m":-1e-400}}',
  ),
  weirdString,
);
/** JSON texts that are nearly right for some endpoint; %FLOW% and %VERIFICATION% become real ids at run time. */
export const templateText = fc.constantFrom(
  '{"flowId":"%FLOW%","metadata":{"userId":1e400}}',
  '{"flowId":"%FLOW%","metadata":{"n":1e400,"m":-1e-400,"o":-0}}',
  '{"flowId":"%FLOW%","metadata":{"__proto__":{"userId":"x"}}}',
  '{"flowId":"%FLOW%","metadata":{"userId":-0}}',
  '{"flowId":"%FLOW%","metadata":{"userId":123456789012345678901234567890}}',
  '{"flowId":"%FLOW%","metadata":{"userId":0.1}}',
  '{"flowId":"%FLOW%","flowId":"x"}',
  '{"flowId":"x","flowId":"%FLOW%"}',
  '{"flowId":"%FLOW%","metadata":{"ipAddress":"fe80::1%eth0"}}',
  '{"flowId":"%FLOW%","metadata":{"redirectUrl":"http://[::1]:99999"}}',
  '{"flowId":"%FLOW%","metadata":{"x":"\\u0000"}}',
  '{"flowId":"%FLOW%","metadata":{"\\u0000":1}}',
  '{"flowId":"%FLOW%","metadata":{"x":"\\ud800"}}',
  '{"flowId":"%FLOW%","metadata":{"\\udfff":1}}',
  '\ufeff{"flowId":"%FLOW%"}',
  ' \n\t{"flowId":"%FLOW%"} ',
  '{"flowId":"%FLOW%","metadata":null}',
  '{"flowId":"%FLOW%","metadata":{"userId":""}}',
  '{"flowId":"%FLOW%","metadata":{"userId":null}}',
  '{"flowId":"%FLOW%","metadata":{"userId":true}}',
  '{"flowId":"%FLOW% "}',
  '{"flowId":"%FLOW%".toUpperCase()}',
  '{"key":"a@b.co","verificationId":"%VERIFICATION%"}',
  '{"key":"A@B.CO","verificationId":"%VERIFICATION%","extra":1}',
  '{"verificationId":"%VERIFICATION%","token":"vst_"}',
  '{"verificationId":"%VERIFICATION%","token":null}',
  '{"inputs":[{"fieldName":"GEOLOCATION","type":"LOCATION","value":{"latitude":1e400,"longitude":0}}]}',
  '{"inputs":[{"fieldName":"GEOLOCATION","type":"LOCATION","value":"{\\"latitude\\":-0,\\"longitude\\":-0,\\"__proto__\\":{}}"}]}',
  '{"inputs":[{"fieldName":"GEOLOCATION","type":"LOCATION","value":{"latitude":1,"longitude":2,"__proto__":{"accuracy":-1}}}]}',
  '{"inputs":[{"fieldName":"CITY","type":"TEXT","value":"\\u0000"}],"complete":false}',
  '{"inputs":[{"fieldName":"FULL_NAME","type":"TEXT","value":"\\ud800a"}],"complete":false}',
  '{"inputs":[{"fieldName":"DOCUMENT_FRONT","type":"FILE","value":"data:image/jpeg;base64,"}]}',
  '{"inputs":[{"fieldName":"DOCUMENT_FRONT","type":"FILE","value":"data:image/jpeg;base64,/9j/"}]}',
  '{"inputs":[{"fieldName":"DOCUMENT_FRONT","type":"FILE","value":"data:image/jpeg;base64,===="}]}',
  '{"inputs":[{"fieldName":"SELFIE_VIDEO","type":"FILE","value":"data:video/webm;base64,GkXfow=="}]}',
  '{"inputs":[{"fieldName":"EMAIL","type":"TEXT","value":"a@b.co"},{"fieldName":"EMAIL_OTP","type":"TEXT","value":"000000"}]}',
  '{"inputs":[{"fieldName":"EMAIL_OTP","type":"TEXT","value":"000000"}]}',
  '{"inputs":[{"fieldName":"DOCUMENT_TYPE","type":"TEXT","value":"NATIONAL_ID"},{"fieldName":"DOCUMENT_COUNTRY","type":"TEXT","value":"GB"}]}',
  '{"inputs":[],"complete":true}',
  '{"inputs":[]}',
  '{"inputs":null}',
  '{"inputs":{}}',
  '{"inputs":[null]}',
  '{"inputs":[[]]}',
);
export const randomBytes = fc.uint8Array({ maxLength: 3000 });

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/problem+json",
  "application/vnd.api+json",
  "text/plain",
  "text/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "image/jpeg",
  "",
  ";",
  "application/json;;;",
  "*/*",
  "application/json; charset=latin1",
];

// Header values travel as ByteStrings: bytes 0x20–0xFF plus tab (as an HTTP server would pass them on).
export const headerChar = fc
  .oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0x21, max: 0x7e }) },
    { weight: 1, arbitrary: fc.constantFrom(0x20, 0x09, 0x7f) },
    { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
  )
  .map((c) => String.fromCharCode(c));
export const headerValue = fc.oneof(
  { weight: 9, arbitrary: fc.string({ unit: headerChar, maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom(1025, 5_000, 100_000).map((n) => "A".repeat(n)) },
);
export const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: headerValue },
);

/** A body: JSON (structured, any value, raw text) or bytes, with whatever content type. */
export type BodySpec = { json: unknown } | { text: string } | { bytes: Uint8Array };
export function encodeBody(spec: BodySpec): Uint8Array {
  if ("bytes" in spec) return spec.bytes;
  // JSON.stringify escapes lone surrogates and NUL, so they reach the server as written
  const text = "text" in spec ? spec.text : (JSON.stringify(spec.json) ?? "");
  return new Uint8Array(Buffer.from(text, "utf8"));
}

export const garbageBody: fc.Arbitrary<BodySpec> = fc.oneof(
  anyJson.map((json): BodySpec => ({ json })),
  deepObject.map((json): BodySpec => ({ json })),
  rawJsonText.map((text): BodySpec => ({ text })),
  templateText.map((text): BodySpec => ({ text })),
  randomBytes.map((bytes): BodySpec => ({ bytes })),
);

/** Structured bodies get application/json most of the time, so validation is reached. */
export const jsonContentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | undefined>("application/json") },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: contentType },
);
/** `arb` once in `oneIn` cases, otherwise undefined (fc.option's freq is the other way round). */
export const rarely = <T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
export const extraKeys = rarely(fc.dictionary(weirdString, anyJson, { minKeys: 1, maxKeys: 3 }), 6);
export const extraHeaders = rarely(
  fc.dictionary(
    fc.constantFrom(
      "content-length",
      "accept",
      "x-forwarded-for",
      "x-openkyc-client-ip",
      "transfer-encoding",
      "x-request-id",
    ),
    headerValue,
    { minKeys: 1, maxKeys: 2 },
  ),
  4,
);
