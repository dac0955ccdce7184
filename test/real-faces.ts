import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";

// Real face photos for evaluations and never-regress tests, read from a folder at run time (never copied into the
// project). Two layouts:
//  - people:  DIR/<person>/<photo>     every two photos of one folder are a same-person pair, across folders different
//  - pairs:   DIR/<photo> + DIR/pairs.csv with file_x,file_y,decision (Yes = same person, No = different people)
// The development sets are ../shared/data/faces (people) and ../shared/data/face-pairs (pairs).

export type FacePhoto = { file: string; person: string | null };
export type FacePair = { a: string; b: string; same: boolean };
export type FaceSet = { name: string; dir: string; layout: "people" | "pairs"; photos: FacePhoto[]; pairs: FacePair[] };

const IMAGE = /\.(png|jpe?g|webp|heic|bmp|tiff?)$/i;

/** The shared development folders that exist on this machine (relative to the project root). */
export function sharedFaceDirs(root = process.cwd()): string[] {
  return ["faces", "face-pairs"].map((d) => path.resolve(root, "..", "shared", "data", d)).filter((d) => existsSync(d));
}

export function loadFaceSet(dir: string): FaceSet {
  const name = path.basename(path.resolve(dir));
  const csv = path.join(dir, "pairs.csv");
  if (existsSync(csv)) {
    const rows = parse(readFileSync(csv, "utf8"), { columns: true, skip_empty_lines: true, trim: true }) as Array<
      Record<string, string>
    >;
    const pairs: FacePair[] = [];
    for (const row of rows) {
      const a = row.file_x,
        b = row.file_y,
        decision = row.decision?.toLowerCase();
      if (!a || !b || (decision !== "yes" && decision !== "no"))
        throw new Error(`${csv}: rows need file_x,file_y,decision (Yes/No); got ${JSON.stringify(row)}`);
      pairs.push({ a: path.join(dir, a), b: path.join(dir, b), same: decision === "yes" });
    }
    const files = [...new Set(pairs.flatMap((p) => [p.a, p.b]))].sort();
    const missing = files.filter((f) => !existsSync(f));
    if (missing.length) throw new Error(`${csv} names photos that are not there: ${missing.slice(0, 3).join(", ")}`);
    return { name, dir, layout: "pairs", photos: files.map((file) => ({ file, person: null })), pairs };
  }
  const photos: FacePhoto[] = [];
  for (const person of readdirSync(dir).sort()) {
    const sub = path.join(dir, person);
    if (!statSync(sub).isDirectory()) continue;
    for (const f of readdirSync(sub).sort()) if (IMAGE.test(f)) photos.push({ file: path.join(sub, f), person });
  }
  if (!photos.length) throw new Error(`${dir}: no <person>/<photo> images and no pairs.csv`);
  const pairs: FacePair[] = [];
  for (let i = 0; i < photos.length; i++)
    for (let j = i + 1; j < photos.length; j++)
      pairs.push({ a: photos[i]!.file, b: photos[j]!.file, same: photos[i]!.person === photos[j]!.person });
  return { name, dir, layout: "people", photos, pairs };
}
