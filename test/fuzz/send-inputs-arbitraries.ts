// Test-only: send-inputs bodies for fuzzing: items (their values and files: value-arbitraries.ts) as JSON,
// multipart, broken multipart or garbage, plus "good" submissions built from each workflow's own fields.
import fc from "fast-check";
import {
  anyJson,
  extraKeys,
  garbageBody,
  rarely,
  rawJsonText,
  weirdString,
  type BodySpec,
} from "@/test/fuzz/arbitraries";
import { resolveBody } from "@/test/fuzz/request-arbitraries";
import {
  fileBytes,
  fileSpec,
  MIMES,
  resolveValue,
  valueSpec,
  type FileSpec,
  type ValueSpec,
} from "@/test/fuzz/value-arbitraries";
import { fileKindOf } from "@/lib/domain/flows/inputs";

const FIELD_NAMES = [
  "DOCUMENT_COUNTRY",
  "DOCUMENT_TYPE",
  "DOCUMENT_FRONT",
  "DOCUMENT_BACK",
  "SELFIE_VIDEO",
  "SELFIE_PHOTO",
  "GEOLOCATION",
  "EMAIL",
  "EMAIL_OTP",
  "FULL_NAME",
  "DATE_OF_BIRTH",
  "AGREEMENT_VIDEO",
  "ADDRESS_LINE",
  "CITY",
  "PROVINCE",
  "POSTAL_CODE",
  "COUNTRY",
];
const fieldNameArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z][A-Z0-9_]{0,70}$/) },
  { weight: 1, arbitrary: fc.constantFrom("document_front", "", "inputs", "complete", "__proto__") },
  { weight: 1, arbitrary: anyJson },
);
const typeArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("TEXT", "FILE", "LOCATION") },
  { weight: 1, arbitrary: fc.constantFrom("text", "DROPDOWN", "") },
  { weight: 1, arbitrary: anyJson },
);
export type ItemSpec = { fieldName?: unknown; type?: unknown; value?: ValueSpec; extra?: Record<string, unknown> };
const itemSpec: fc.Arbitrary<ItemSpec> = fc.record(
  {
    fieldName: fieldNameArb,
    type: typeArb,
    value: valueSpec.filter((v): v is ValueSpec => v !== undefined),
    extra: extraKeys,
  },
  { requiredKeys: ["extra"] },
);
/** Items shaped right, with the type the field wants, so value checks are reached. */
const EXPECTED_TYPE: Record<string, string> = {
  DOCUMENT_FRONT: "FILE",
  DOCUMENT_BACK: "FILE",
  SELFIE_VIDEO: "FILE",
  SELFIE_PHOTO: "FILE",
  AGREEMENT_VIDEO: "FILE",
  GEOLOCATION: "LOCATION",
};
const plausibleItem: fc.Arbitrary<ItemSpec> = fc
  .tuple(fc.constantFrom(...FIELD_NAMES), valueSpec)
  .map(([fieldName, value]) => ({ fieldName, type: EXPECTED_TYPE[fieldName] ?? "TEXT", ...(value ? { value } : {}) }));

function resolveItem(item: ItemSpec): Record<string, unknown> {
  return {
    ...item.extra,
    ...("fieldName" in item ? { fieldName: item.fieldName } : {}),
    ...("type" in item ? { type: item.type } : {}),
    ...(item.value ? { value: resolveValue(item.value) } : {}),
  };
}

const itemsArb = fc.array(fc.oneof({ weight: 3, arbitrary: plausibleItem }, { weight: 2, arbitrary: itemSpec }), {
  maxLength: 6,
});
const completeArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: anyJson },
);

export type SendInputsSpec =
  | {
      form: "good";
      multipart: boolean;
      mask: boolean[];
      mutations: { at: number; item: ItemSpec }[];
      complete: unknown;
      oversized?: boolean;
    }
  | { form: "json"; items: ItemSpec[]; complete: unknown; extra?: Record<string, unknown>; inputsOverride?: unknown }
  | {
      form: "multipart";
      listed?: ItemSpec[];
      inputsPart?: string;
      files: { name: string; file: FileSpec; declared: string; filename?: string }[];
      complete?: string;
    }
  | {
      form: "brokenMultipart";
      listed: ItemSpec[];
      file: FileSpec;
      cut: number;
      boundary?: string;
      flips: [number, number][];
    }
  | { form: "garbage"; body: BodySpec };

const multipartName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 2, arbitrary: weirdString },
  { weight: 1, arbitrary: fc.constantFrom("inputs", "complete", "") },
);
export const sendInputsSpec: fc.Arbitrary<SendInputsSpec> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      form: fc.constant("good" as const),
      multipart: fc.boolean(),
      mask: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      mutations: fc.array(fc.record({ at: fc.nat(11), item: fc.oneof(plausibleItem, itemSpec) }), { maxLength: 2 }),
      complete: completeArb,
      // every file field's content just over its limit
      oversized: rarely(fc.constant(true), 25),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      form: fc.constant("json" as const),
      items: itemsArb,
      complete: completeArb,
      extra: extraKeys,
      inputsOverride: rarely(anyJson, 10),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        form: fc.constant("multipart" as const),
        listed: itemsArb,
        inputsPart: fc.oneof(weirdString, rawJsonText),
        files: fc.array(
          fc.record(
            {
              name: multipartName,
              file: fileSpec,
              declared: fc.constantFrom(...MIMES, ""),
              filename: fc.oneof(weirdString, fc.constantFrom("a.jpg", "../../etc/passwd", "")),
            },
            { requiredKeys: ["name", "file", "declared"] },
          ),
          { maxLength: 4 },
        ),
        complete: fc.oneof(fc.constantFrom("true", "false", "", "0"), weirdString),
      },
      { requiredKeys: ["form", "files"] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        form: fc.constant("brokenMultipart" as const),
        listed: itemsArb,
        file: fileSpec,
        cut: fc.nat(3000),
        boundary: fc.oneof(weirdString, fc.constantFrom("", "x", "----formdata-undici-0", '"quoted"')),
        flips: fc.array(fc.tuple(fc.nat(3000), fc.nat(255)), { maxLength: 6 }),
      },
      { requiredKeys: ["form", "listed", "file", "cut", "flips"] },
    ),
  },
  { weight: 2, arbitrary: garbageBody.map((body): SendInputsSpec => ({ form: "garbage", body })) },
);

// Values each field accepts, so a "good" submission can succeed (and a mutated one fails on one field only).
const GOOD_VALUES: Record<string, ValueSpec> = {
  DOCUMENT_COUNTRY: { plain: "DE" },
  DOCUMENT_TYPE: { plain: "PASSPORT" },
  DOCUMENT_FRONT: { file: { kind: "real", which: "jpeg" }, mime: "image/jpeg" },
  DOCUMENT_BACK: { file: { kind: "real", which: "png" }, mime: "image/png" },
  SELFIE_VIDEO: { file: { kind: "real", which: "webm" }, mime: "video/webm" },
  SELFIE_PHOTO: { file: { kind: "real", which: "jpeg" }, mime: "image/jpeg" },
  AGREEMENT_VIDEO: { file: { kind: "real", which: "webm" }, mime: "video/webm" },
  GEOLOCATION: { plain: { latitude: 52.52, longitude: 13.4, accuracy: 12 } },
  EMAIL: { plain: "fuzz@example.com" },
  EMAIL_OTP: { plain: "123456" },
  FULL_NAME: { plain: "Jane Doe" },
  DATE_OF_BIRTH: { plain: "1990-01-01" },
  ADDRESS_LINE: { plain: "Main St 1" },
  CITY: { plain: "Berlin" },
  PROVINCE: { plain: "Berlin" },
  POSTAL_CODE: { plain: "10115" },
  COUNTRY: { plain: "DE" },
};

/** The target workflow's fields (chosen by `mask`) with good values, then a mutation or two. */
export async function buildGood(
  spec: Extract<SendInputsSpec, { form: "good" }>,
  fields: string[],
): Promise<{ body: BodySpec | FormData; type?: string }> {
  const items: ItemSpec[] = fields
    // a field with no good value here (DIGITAL_CREDENTIAL: a wallet's signed presentation) is left out, as the
    // mask leaves others out
    .filter((fieldName, i) => spec.mask[i % spec.mask.length] && Object.hasOwn(GOOD_VALUES, fieldName))
    .map((fieldName): ItemSpec => {
      const good = GOOD_VALUES[fieldName]!;
      const value =
        spec.oversized && "file" in good
          ? { ...good, file: { kind: "oversized" as const, video: fileKindOf(fieldName) === "video" } }
          : good;
      return { fieldName, type: EXPECTED_TYPE[fieldName] ?? "TEXT", value };
    });
  for (const { at, item } of spec.mutations) {
    if (items.length) items[at % items.length] = item;
    else items.push(item);
  }
  if (!spec.multipart) {
    return {
      body: {
        json: { inputs: items.map(resolveItem), ...(spec.complete === undefined ? {} : { complete: spec.complete }) },
      },
      type: "application/json",
    };
  }
  // multipart: FILE items are listed without a value and travel as file parts
  const form = new FormData();
  const listed = items.map((item) =>
    item.type === "FILE" && item.value && "file" in item.value ? { ...item, value: undefined } : item,
  );
  form.append("inputs", JSON.stringify(listed.map(resolveItem)));
  for (const item of items) {
    if (item.type === "FILE" && item.value && "file" in item.value && typeof item.fieldName === "string") {
      form.append(
        item.fieldName,
        new Blob([new Uint8Array(fileBytes(item.value.file))], { type: item.value.mime }),
        "upload",
      );
    }
  }
  if (typeof spec.complete === "boolean") form.append("complete", String(spec.complete));
  return { body: form };
}

export async function buildSendInputs(
  spec: SendInputsSpec,
  fields: string[],
): Promise<{ body: BodySpec | FormData; type?: string }> {
  switch (spec.form) {
    case "good":
      return buildGood(spec, fields);
    case "json": {
      const inputs = spec.inputsOverride !== undefined ? spec.inputsOverride : spec.items.map(resolveItem);
      return {
        body: { json: { ...spec.extra, inputs, ...(spec.complete === undefined ? {} : { complete: spec.complete }) } },
        type: "application/json",
      };
    }
    case "multipart": {
      const form = new FormData();
      if (spec.inputsPart !== undefined) form.append("inputs", spec.inputsPart);
      else if (spec.listed) form.append("inputs", JSON.stringify(spec.listed.map(resolveItem)));
      for (const part of spec.files) {
        form.append(
          part.name,
          new Blob([new Uint8Array(fileBytes(part.file))], { type: part.declared }),
          part.filename ?? "blob",
        );
      }
      if (spec.complete !== undefined) form.append("complete", spec.complete);
      return { body: form };
    }
    case "brokenMultipart": {
      const form = new FormData();
      form.append("inputs", JSON.stringify(spec.listed.map(resolveItem)));
      form.append("DOCUMENT_FRONT", new Blob([new Uint8Array(fileBytes(spec.file))]), "front.jpg");
      const request = new Request("http://localhost/", { method: "POST", body: form });
      const real = Buffer.from(await request.arrayBuffer());
      for (const [at, value] of spec.flips) if (real.length) real[at % real.length] = value;
      const bytes = real.subarray(0, spec.cut % (real.length + 1) || real.length);
      const type =
        spec.boundary === undefined
          ? request.headers.get("content-type")!
          : `multipart/form-data; boundary=${spec.boundary.replace(/[^\x20-\xff]/g, "?")}`;
      return { body: { bytes: new Uint8Array(bytes) }, type };
    }
    case "garbage":
      return { body: resolveBody(spec.body) };
  }
}
