// The document evaluation set, generated (no real documents): synthetic TD3 passports and TD1 identity cards
// drawn in OCR-B (test/document-images.ts) from a seeded PRNG, then
//  - degraded:            one camera-like degradation each (photo/rotation, small, dim, perspective, blur)
//  - wrong-check-digit:   one check digit (document, birth, expiry, composite) off by 3
//  - tampered:            a name or birth date pasted over, a region re-saved, the portrait swapped
//  - clean-control:       the untouched camera copies of the tampered documents (false-flag control)
//  - named:               cases reported once met in use (ADAEZE OKAFOR NWOSU's MRZ read as NNOSU)
// and, apart (makeHardSet), the hard set: documents drawn with a security print and a jittered OCR-B Sharp MRZ
// (style "hard", test/security-print.ts), each under one HARD_CONDITION (glare, curvature, moiré …).
// Every image then goes through the upload normaliser, as a real upload does.
import sharp from "sharp";
import { normalizeUpload } from "@/lib/domain/verifications/normalize-upload";
import {
  drawIdCard,
  drawPassport,
  randomPerson,
  seededRandom,
  type DrawnDocument,
  type DrawOptions,
  type Person,
} from "@/test/document-images";
import {
  cameraCopy,
  degrade,
  DEGRADATIONS,
  tamper,
  TAMPERINGS,
  type Degradation,
  type Tampering,
} from "@/test/document-variants";
import { HARD_CONDITIONS, hardCondition, type HardCondition } from "@/test/hard-conditions";

export type DocumentCase = {
  id: string;
  set: "degraded" | "wrong-check-digit" | "tampered" | "clean-control" | "named" | "hard";
  variant:
    | Degradation
    | Tampering
    | HardCondition
    | "document"
    | "birth"
    | "expiry"
    | "composite"
    | "camera"
    | "small-rotated-blurred";
  declaredType: "PASSPORT" | "NATIONAL_ID";
  declaredCountry: string;
  front: Buffer;
  back: Buffer | null;
  frontMeta: Record<string, unknown>;
  truth: string[];
};

export type SetSizes = { degraded: number; wrongCheckDigit: number; tampered: number };
export const DEFAULT_SIZES: SetSizes = { degraded: 64, wrongCheckDigit: 12, tampered: 24 };

async function upload(bytes: Buffer) {
  const file = await normalizeUpload("DOCUMENT_FRONT", "image", bytes);
  return { bytes: file.bytes, meta: file.meta };
}

async function draw(
  rng: () => number,
  index: number,
  today: Date,
  corrupt?: "document" | "birth" | "expiry" | "composite",
  style?: DrawOptions["style"],
): Promise<DrawnDocument> {
  const kind = index % 2 === 0 ? "TD3" : "TD1";
  const person = randomPerson(rng, kind, today);
  const options = { portraitSeed: Math.floor(rng() * 1e6), corrupt, style };
  return kind === "TD3" ? drawPassport(person, options) : drawIdCard(person, options);
}

async function caseOf(
  id: string,
  set: DocumentCase["set"],
  variant: DocumentCase["variant"],
  doc: DrawnDocument,
  front: Buffer,
  back: Buffer | null,
): Promise<DocumentCase> {
  const f = await upload(front);
  const b = back ? (await upload(back)).bytes : null;
  return {
    id,
    set,
    variant,
    declaredType: doc.kind === "TD3" ? "PASSPORT" : "NATIONAL_ID",
    declaredCountry: doc.person.country,
    front: f.bytes,
    back: b,
    frontMeta: f.meta,
    truth: doc.mrz,
  };
}

/** ADAEZE OKAFOR NWOSU's Canadian passport at 80 % size, rotated −3°, blurred: its MRZ was read as NNOSU. */
export async function namedCases(today: Date): Promise<DocumentCase[]> {
  const expiry = new Date(today.getTime() + 1500 * 86_400_000).toISOString().slice(0, 10);
  const person: Person = {
    country: "CA",
    surname: "OKAFOR NWOSU",
    given: "ADAEZE",
    documentNumber: "AB1234567",
    nationality: "CA",
    birthDate: "1988-04-12",
    sex: "F",
    expiryDate: expiry,
  };
  const doc = await drawPassport(person, { portraitSeed: 5 });
  const { width = 0 } = await sharp(doc.front).metadata();
  const small = await sharp(doc.front)
    .resize({ width: Math.round(width * 0.8) })
    .png()
    .toBuffer();
  const front = await sharp(small).rotate(-3, { background: "#7a7a70" }).blur(1.2).jpeg({ quality: 80 }).toBuffer();
  return [await caseOf("named-okafor-nwosu", "named", "small-rotated-blurred", doc, front, null)];
}

/** The hard set: `perCondition` documents (TD3 and TD1 alternately) under each hard condition. */
export async function* makeHardSet(today: Date, perCondition: number, seed = 20261125): AsyncGenerator<DocumentCase> {
  const rng = seededRandom(seed + 1);
  for (let i = 0; i < perCondition * HARD_CONDITIONS.length; i++) {
    const kind = HARD_CONDITIONS[i % HARD_CONDITIONS.length]!;
    const doc = await draw(rng, Math.floor(i / HARD_CONDITIONS.length), today, undefined, "hard");
    const back = doc.back ? await hardCondition(doc.back, kind, rng) : null;
    yield caseOf(`hard-${i}`, "hard", kind, doc, await hardCondition(doc.front, kind, rng), back);
  }
}

export async function* makeDocumentSet(
  today: Date,
  sizes: SetSizes = DEFAULT_SIZES,
  seed = 20261125,
): AsyncGenerator<DocumentCase> {
  const rng = seededRandom(seed);
  for (let i = 0; i < sizes.degraded; i++) {
    const doc = await draw(rng, i, today);
    const kind = DEGRADATIONS[Math.floor(i / 2) % DEGRADATIONS.length]!;
    const back = doc.back ? await degrade(doc.back, kind, rng) : null;
    yield caseOf(`degraded-${i}`, "degraded", kind, doc, await degrade(doc.front, kind, rng), back);
  }
  const corruptions = ["document", "birth", "expiry", "composite"] as const;
  for (let i = 0; i < sizes.wrongCheckDigit; i++) {
    const corrupt = corruptions[i % corruptions.length]!;
    const doc = await draw(rng, i, today, corrupt);
    yield caseOf(
      `check-digit-${i}`,
      "wrong-check-digit",
      corrupt,
      doc,
      await cameraCopy(doc.front),
      doc.back && (await cameraCopy(doc.back)),
    );
  }
  for (let i = 0; i < sizes.tampered; i++) {
    const doc = await draw(rng, i, today);
    const kind = TAMPERINGS[Math.floor(i / 2) % TAMPERINGS.length]!;
    const back = doc.back && (await cameraCopy(doc.back));
    yield caseOf(`tampered-${i}`, "tampered", kind, doc, await tamper(doc, kind, rng), back);
    yield caseOf(`control-${i}`, "clean-control", "camera", doc, await cameraCopy(doc.front), back);
  }
}
