// The document evaluation set, generated (no real documents): synthetic TD3 passports and TD1 identity cards
// drawn in OCR-B (lib/testing/document-images.ts) from a seeded PRNG, then
//  - degraded:            one camera-like degradation each (photo/rotation, small, dim, perspective, blur)
//  - wrong-check-digit:   one check digit (document, birth, expiry, composite) off by 3
//  - tampered:            a name or birth date pasted over, a region re-saved, the portrait swapped
//  - clean-control:       the untouched camera copies of the tampered documents (false-flag control)
// Every image then goes through the upload normaliser, as a real upload does.
import { normalizeUpload } from "@/lib/uploads/normalize-upload";
import { drawIdCard, drawPassport, randomPerson, seededRandom, type DrawnDocument } from "@/lib/testing/document-images";
import { cameraCopy, degrade, DEGRADATIONS, tamper, TAMPERINGS, type Degradation, type Tampering } from "@/lib/testing/document-variants";

export type DocumentCase = {
  id: string;
  set: "degraded" | "wrong-check-digit" | "tampered" | "clean-control";
  variant: Degradation | Tampering | "document" | "birth" | "expiry" | "composite" | "camera";
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

async function draw(rng: () => number, index: number, today: Date, corrupt?: "document" | "birth" | "expiry" | "composite"): Promise<DrawnDocument> {
  const kind = index % 2 === 0 ? "TD3" : "TD1";
  const person = randomPerson(rng, kind, today);
  const options = { portraitSeed: Math.floor(rng() * 1e6), corrupt };
  return kind === "TD3" ? drawPassport(person, options) : drawIdCard(person, options);
}

async function caseOf(id: string, set: DocumentCase["set"], variant: DocumentCase["variant"], doc: DrawnDocument, front: Buffer, back: Buffer | null): Promise<DocumentCase> {
  const f = await upload(front);
  const b = back ? (await upload(back)).bytes : null;
  return { id, set, variant, declaredType: doc.kind === "TD3" ? "PASSPORT" : "NATIONAL_ID", declaredCountry: doc.person.country, front: f.bytes, back: b, frontMeta: f.meta, truth: doc.mrz };
}

export async function* makeDocumentSet(today: Date, sizes: SetSizes = DEFAULT_SIZES, seed = 20261125): AsyncGenerator<DocumentCase> {
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
    yield caseOf(`check-digit-${i}`, "wrong-check-digit", corrupt, doc, await cameraCopy(doc.front), doc.back && (await cameraCopy(doc.back)));
  }
  for (let i = 0; i < sizes.tampered; i++) {
    const doc = await draw(rng, i, today);
    const kind = TAMPERINGS[Math.floor(i / 2) % TAMPERINGS.length]!;
    const back = doc.back && (await cameraCopy(doc.back));
    yield caseOf(`tampered-${i}`, "tampered", kind, doc, await tamper(doc, kind, rng), back);
    yield caseOf(`control-${i}`, "clean-control", "camera", doc, await cameraCopy(doc.front), back);
  }
}
