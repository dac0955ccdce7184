import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { analyzeVideo, anchorFace } from "@/lib/engines/faces/analyze-video";
import { largestFace } from "@/lib/engines/faces/face-match";
import { FACE_MATCH_THRESHOLDS, matchFaces, type FaceMatch } from "@/lib/checks/liveness/face-match";
import { detectFaces, warmFaceEngine, type FaceObservation } from "@/lib/engines/faces/human-engine";
import { FRAME_OPTIONS, liveness } from "@/lib/checks/liveness/liveness";
import { drawIdCard, drawPassport, randomPerson, seededRandom } from "@/test/document-images";
import { hardCondition } from "@/test/hard-conditions";
import { normalizeUpload } from "@/lib/domain/verifications/normalize-upload";
import { headTurnVideo, livenessInput } from "@/test/head-turn-video";
import { loadFaceSet, sharedFaceDirs, type FaceSet } from "@/test/real-faces";
import { loopedPhotoVideo, stillVideo } from "@/test/sample-faces";

// Document portrait face match and face presence on REAL faces (issue 11, items 5 and 8). For every person with two
// photos or more: a passport and an ID card whose printed portrait is photo A (document-images.ts, `portrait`: under
// the page's texture and the hard style's security print, then a camera JPEG and the upload normaliser), the
// document's face found exactly as LIVENESS's DOCUMENT_MATCH finds it (largestFace on the whole front, then
// matchFaces), compared with (a) the selfie photo B of the same person, (b) a head-turn selfie video made from B
// (head-turn-video.ts) through the production video path (analyzeVideo with FRAME_OPTIONS, the anchor face), and
// (c) a photo of someone else. Then: whether the production detector finds each real photo's face at 120, 160 and
// 240 px across, and whether a still or looped real photo is ever judged live. Figures, not assertions: the
// never-regress test is lib/engines/faces/real-portraits.real.test.ts.
//
//   npm run eval:portraits -- [--data DIR …] [--no-video]
// Without --data: ../shared/data/faces and ../shared/data/face-pairs, when they exist.

export type PortraitPerson = { set: string; person: string; photos: string[] };
export type DocumentKind = "passport" | "ID card";
export type PortraitCase = {
  person: PortraitPerson;
  kind: DocumentKind;
  /** the document's face (as DOCUMENT_MATCH finds it), null when none was found */
  portraitFound: boolean;
  samePhoto: FaceMatch | null;
  sameVideo: FaceMatch | null;
  differentPhoto: FaceMatch | null;
  differentLabel: string;
};

/** People of a set with their photos: folders, or (pairs layout) the groups joined by same-person pairs. */
export function peopleOf(set: FaceSet): PortraitPerson[] {
  if (set.layout === "people") {
    const byPerson = new Map<string, string[]>();
    for (const p of set.photos) byPerson.set(p.person!, [...(byPerson.get(p.person!) ?? []), p.file]);
    return [...byPerson].map(([person, photos]) => ({ set: set.name, person, photos }));
  }
  const parent = new Map<string, string>(set.photos.map((p) => [p.file, p.file]));
  const root = (f: string): string => (parent.get(f) === f ? f : root(parent.get(f)!));
  for (const pair of set.pairs) if (pair.same) parent.set(root(pair.a), root(pair.b));
  const groups = new Map<string, string[]>();
  for (const p of set.photos) groups.set(root(p.file), [...(groups.get(root(p.file)) ?? []), p.file]);
  return [...groups.values()].map((photos) => ({
    set: set.name,
    person: path.basename(photos[0]!),
    photos: photos.sort(),
  }));
}

/** A passport-photo framing of a photo: the face with head and shoulders room, 35:45 (the whole photo without a face). */
export async function passportPhoto(bytes: Buffer): Promise<Buffer> {
  const face = (await detectFaces(bytes))[0];
  const { width = 0, height = 0 } = await sharp(bytes).rotate().metadata();
  if (!face) return bytes;
  const s = Math.max(width, height) / Math.min(640, Math.max(width, height)); // detectFaces works on ≤ 640 px
  const [x, y, w, h] = face.box.map((v) => v * s) as [number, number, number, number];
  const cropH = Math.min(height, h * 1.6),
    cropW = Math.min(width, cropH * (35 / 45));
  const left = Math.round(Math.min(Math.max(0, x + w / 2 - cropW / 2), width - cropW));
  const top = Math.round(Math.min(Math.max(0, y + h / 2 - cropH * 0.45), height - cropH));
  return sharp(bytes)
    .rotate()
    .extract({ left, top, width: Math.floor(cropW), height: Math.floor(cropH) })
    .png()
    .toBuffer();
}

/** A selfie-like RGB frame: a small face crop enlarged with a grey border (as sample-faces.ts), a large photo ≤ 640 px. */
export async function selfieFrame(bytes: Buffer): Promise<Buffer> {
  const { width = 0 } = await sharp(bytes).rotate().metadata();
  const image = sharp(bytes).rotate().removeAlpha().toColourspace("srgb");
  if (width >= 300) return image.resize(640, 640, { fit: "inside", withoutEnlargement: true }).png().toBuffer();
  return image
    .resize(252, 252, { fit: "inside" })
    .extend({ top: 54, bottom: 54, left: 54, right: 54, background: "#808080" })
    .png()
    .toBuffer();
}

/** The two documents of a person whose portrait is `photoA`. */
export async function portraitDocuments(
  photoA: Buffer,
  seed: number,
): Promise<{ kind: DocumentKind; front: Buffer }[]> {
  const portrait = await passportPhoto(photoA);
  const rng = seededRandom(seed);
  const today = new Date(Date.UTC(2026, 0, 1));
  // as an upload arrives: the hard style's security print (also over the portrait), a camera JPEG, then the
  // upload normaliser the API runs on every DOCUMENT_FRONT
  const asUploaded = async (png: Buffer) =>
    (await normalizeUpload("DOCUMENT_FRONT", "image", await hardCondition(png, "security-print", rng))).bytes;
  const options = { portrait, style: "hard" as const, portraitSeed: seed };
  return [
    { kind: "passport", front: await asUploaded((await drawPassport(randomPerson(rng, "TD3", today), options)).front) },
    { kind: "ID card", front: await asUploaded((await drawIdCard(randomPerson(rng, "TD1", today), options)).front) },
  ];
}

const matchOrNull = (a: FaceObservation | null, b: FaceObservation | null) => (a && b ? matchFaces(a, b) : null);

/** Every person's documents against photo B, a video of B (unless `video` is false) and another person's photo. */
export async function measurePortraits(
  people: readonly PortraitPerson[],
  options: { video?: boolean } = {},
): Promise<PortraitCase[]> {
  const cases: PortraitCase[] = [];
  const withTwo = people.filter((p) => p.photos.length >= 2);
  for (const [i, person] of withTwo.entries()) {
    const [fileA, fileB] = person.photos as [string, string];
    const sameSet = withTwo.filter((p) => p.set === person.set && p !== person);
    const other = sameSet[i % Math.max(1, sameSet.length)] ?? withTwo[(i + 1) % withTwo.length]!;
    const otherFile = other.photos[1]!;
    const selfie = await largestFace(await readFile(fileB));
    const stranger = await largestFace(await readFile(otherFile));
    let videoFace: FaceObservation | null = null;
    if (options.video !== false) {
      try {
        const clip = await headTurnVideo(await selfieFrame(await readFile(fileB)), "LEFT_RIGHT", "webm");
        videoFace = anchorFace(await analyzeVideo(clip.video, clip.contentType, FRAME_OPTIONS));
      } catch {
        videoFace = null; // no face mesh on the photo: no video (counted as no match below)
      }
    }
    for (const doc of await portraitDocuments(await readFile(fileA), 1000 + i)) {
      const portrait = await largestFace(doc.front); // liveness.ts documentFaceMatch: the whole front
      cases.push({
        person,
        kind: doc.kind,
        portraitFound: portrait !== null,
        samePhoto: matchOrNull(selfie, portrait),
        sameVideo: options.video === false ? null : matchOrNull(videoFace, portrait),
        differentPhoto: matchOrNull(stranger, portrait),
        differentLabel: `${path.basename(fileA)}~${path.basename(otherFile)}`,
      });
    }
  }
  return cases;
}

export const PRESENCE_SIZES = [120, 160, 240] as const;

/** `bytes` scaled so that its face (or, `across: "photo"`, the whole photo) is `size` px wide, cut to ≤ 640 px around the face. */
export async function atSize(bytes: Buffer, size: number, across: "face" | "photo"): Promise<Buffer | null> {
  const rgb = await sharp(bytes).rotate().removeAlpha().toColourspace("srgb").png().toBuffer();
  const { width = 0, height = 0 } = await sharp(rgb).metadata();
  if (across === "photo") return sharp(rgb).resize({ width: size }).png().toBuffer();
  const face = (await detectFaces(rgb))[0];
  if (!face) return null;
  const s = Math.max(width, height) / Math.min(640, Math.max(width, height));
  const k = size / (face.box[2] * s);
  const w = Math.max(1, Math.round(width * k)),
    h = Math.max(1, Math.round(height * k));
  const cx = (face.box[0] + face.box[2] / 2) * s * k,
    cy = (face.box[1] + face.box[3] / 2) * s * k;
  const cw = Math.min(w, 640),
    ch = Math.min(h, 640);
  const left = Math.round(Math.min(Math.max(0, cx - cw / 2), w - cw)),
    top = Math.round(Math.min(Math.max(0, cy - ch / 2), h - ch));
  return sharp(rgb).resize(w, h, { fit: "fill" }).extract({ left, top, width: cw, height: ch }).png().toBuffer();
}

/** Whether the production detector (human, as FACE_PRESENT and largestFace use it) finds a face in each photo at each size. */
export async function facePresence(
  files: readonly string[],
  sizes: readonly number[],
  across: "face" | "photo",
): Promise<Map<number, { found: number; tried: number; missed: string[] }>> {
  const out = new Map(sizes.map((s) => [s, { found: 0, tried: 0, missed: [] as string[] }]));
  for (const file of files) {
    const bytes = await readFile(file);
    for (const size of sizes) {
      const row = out.get(size)!;
      const image = await atSize(bytes, size, across);
      if (!image) continue; // no face at full size: nothing to scale to
      row.tried++;
      if ((await detectFaces(image)).length) row.found++;
      else row.missed.push(path.basename(file));
    }
  }
  return out;
}

/** How many still and looped videos of the photos LIVENESS judges live (it must be none). */
export async function stillPhotosJudgedLive(
  files: readonly string[],
  kinds: readonly ("still" | "looped")[] = ["still", "looped"],
): Promise<{ videos: number; live: string[] }> {
  const live: string[] = [];
  let videos = 0;
  for (const file of files) {
    const frame = await selfieFrame(await readFile(file));
    for (const kind of kinds) {
      const video = kind === "still" ? await stillVideo(frame, 3, "webm") : await loopedPhotoVideo(frame, 4, "webm");
      const out = await liveness.run(livenessInput(video, "video/webm", "TURN_HEAD_LEFT_RIGHT"));
      videos++;
      if (out.data.live === true) live.push(`${kind} ${path.basename(file)}`);
    }
  }
  return { videos, live };
}

const f3 = (x: number) => x.toFixed(3);

function outcomeCells(matches: (FaceMatch | null)[]): string {
  const got = matches.filter((m): m is FaceMatch => m !== null);
  const count = (r: string) => got.filter((m) => m.result === r).length;
  const sims = got.map((m) => m.similarity);
  const range = sims.length ? `${f3(Math.min(...sims))}–${f3(Math.max(...sims))}` : "–";
  return `${matches.length} | ${count("PASSED")} | ${count("REVIEW")} | ${count("FAILED")} | ${matches.length - got.length} | ${range}`;
}

export function portraitTable(cases: readonly PortraitCase[], video = true): string {
  const lines = [
    `Shipped thresholds: PASS ≥ ${FACE_MATCH_THRESHOLDS.MATCH}, REVIEW ≥ ${FACE_MATCH_THRESHOLDS.REVIEW}, else FAIL. "no face" = no face on the document or the selfie side.`,
    "",
    "| set | document | comparison | pairs | PASS | REVIEW | FAIL | no face | similarity range |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  const sets = [...new Set(cases.map((c) => c.person.set))];
  for (const set of sets)
    for (const kind of ["passport", "ID card"] as const) {
      const rows = cases.filter((c) => c.person.set === set && c.kind === kind);
      lines.push(`| ${set} | ${kind} | same person, selfie photo B | ${outcomeCells(rows.map((c) => c.samePhoto))} |`);
      if (video)
        lines.push(
          `| ${set} | ${kind} | same person, head-turn video of B | ${outcomeCells(rows.map((c) => c.sameVideo))} |`,
        );
      lines.push(`| ${set} | ${kind} | different person, photo | ${outcomeCells(rows.map((c) => c.differentPhoto))} |`);
    }
  lines.push("", "| set | document | portrait face found |", "|---|---|---|");
  for (const set of sets)
    for (const kind of ["passport", "ID card"] as const) {
      const rows = cases.filter((c) => c.person.set === set && c.kind === kind);
      lines.push(`| ${set} | ${kind} | ${rows.filter((c) => c.portraitFound).length} / ${rows.length} |`);
    }
  return lines.join("\n");
}

function parseArgs(argv: readonly string[]): { dirs: string[]; video: boolean } {
  const dirs: string[] = [];
  let video = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--data") {
      const v = argv[++i];
      if (!v) throw new Error("--data needs a value");
      dirs.push(path.resolve(v));
    } else if (arg === "--no-video") video = false;
    else throw new Error(`unknown argument ${arg} (usage: --data DIR [--data DIR …] [--no-video])`);
  }
  return { dirs, video };
}

export async function evalRealPortraits(argv: readonly string[]): Promise<string> {
  const args = parseArgs(argv);
  const dirs = args.dirs.length ? args.dirs : sharedFaceDirs();
  if (!dirs.length)
    throw new Error("no face folders: pass --data DIR (../shared/data/faces and ../shared/data/face-pairs are absent)");
  await warmFaceEngine();
  const sets = dirs.map(loadFaceSet);
  const people = sets.flatMap(peopleOf);
  const lines = [
    `People with two photos or more: ${sets.map((s) => `${s.name} ${peopleOf(s).filter((p) => p.photos.length >= 2).length}`).join(", ")}.`,
    "",
  ];
  const cases = await measurePortraits(people, { video: args.video });
  lines.push(portraitTable(cases, args.video), "");
  const flagged = cases.filter(
    (c) =>
      c.samePhoto?.result === "FAILED" || c.sameVideo?.result === "FAILED" || c.differentPhoto?.result === "PASSED",
  );
  for (const c of flagged)
    lines.push(
      `- ${c.person.set}/${c.person.person} ${c.kind}: same photo ${c.samePhoto?.similarity ?? "–"} (${c.samePhoto?.result ?? "no face"}), video ${c.sameVideo?.similarity ?? "–"} (${c.sameVideo?.result ?? "no face"}), different ${c.differentLabel} ${c.differentPhoto?.similarity ?? "–"} (${c.differentPhoto?.result ?? "no face"})`,
    );

  const files = sets.flatMap((s) => s.photos.map((p) => p.file));
  lines.push(
    "",
    "Face presence (production detector, human) on every real photo:",
    "",
    "| scaled so that | px across | found | tried | missed |",
    "|---|---|---|---|---|",
  );
  for (const across of ["face", "photo"] as const)
    for (const [size, row] of await facePresence(files, PRESENCE_SIZES, across))
      lines.push(
        `| the ${across} is | ${size} | ${row.found} | ${row.tried} | ${row.missed.slice(0, 6).join(", ")}${row.missed.length > 6 ? " …" : ""} |`,
      );

  const stillFiles = people.filter((p) => p.photos.length >= 2).map((p) => p.photos[1]!);
  const still = await stillPhotosJudgedLive(stillFiles);
  lines.push(
    "",
    `Still (3 s) and looped zoom (4 s) webm videos of photo B of every person, LIVENESS TURN_HEAD_LEFT_RIGHT: ${still.live.length} of ${still.videos} judged live${still.live.length ? ` (${still.live.join(", ")})` : ""}.`,
  );
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  evalRealPortraits(process.argv.slice(2)).then(
    (report) => console.log(report),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
