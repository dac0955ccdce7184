// The synthetic agreement-speech set, made by us with espeak-ng (no recording of a person): statements of the kind
// a workflow asks for, spoken in several voices and speeds, as
//  - read:     the statement itself                                   (read=true)
//  - other:    another statement of the set                           (read=false)
//  - partial:  the statement's first 40 % of words only               (read=false)
//  - silence:  5 s of near-silence (a faint hiss)                     (read=false)
//  - music:    5 s of chords and a beat, no voice                     (read=false)
// espeak-ng is a poor stand-in for a person (issue 36): this set is for the wrong-text, partial, silence and music
// cases, never to choose the PASSED threshold. Writes WAV files and labels.csv (file, transcript, language,
// statement, read, kind, source, part) into a folder argument:
//   node --import tsx tools/eval/make-speech-clips.ts --out DIR
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const SYNTHETIC_STATEMENTS = [
  "I confirm that I am the person in the identity document and that I agree to this verification.",
  "I agree to open an account and I confirm that the information I have given is true.",
  "I accept the terms of the loan agreement and I understand that I must repay it.",
  "My name is on the passport I have shown and I consent to the checks of my identity.",
  "I declare that I am not acting on behalf of another person in this application.",
] as const;

// the Klatt variants are the clearest to the recogniser, the plain voices hardly recognisable (both on purpose)
export const VOICES = [
  { voice: "en-us+klatt", speed: 160 },
  { voice: "en-us+f3", speed: 175 },
  { voice: "en-us+klatt2", speed: 140 },
  { voice: "en-gb", speed: 200 },
  { voice: "en-gb-x-rp+m3", speed: 160 },
] as const;

export type SyntheticRow = {
  file: string;
  transcript: string;
  language: "en";
  statement: string;
  read: boolean;
  kind: "read" | "other" | "partial" | "silence" | "music";
  source: "espeak-ng";
  part: "test";
};

const csvCell = (v: string | boolean) => `"${String(v).replace(/"/g, '""')}"`;

async function speak(text: string, voice: string, speed: number, file: string) {
  await run("espeak-ng", ["-v", voice, "-s", String(speed), "-w", file, text]);
}

async function lavfi(source: string, file: string) {
  await run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source, "-ac", "1", file]);
}

export async function makeSpeechClips(out: string): Promise<SyntheticRow[]> {
  mkdirSync(out, { recursive: true });
  const rows: SyntheticRow[] = [];
  const n = SYNTHETIC_STATEMENTS.length;
  for (const [s, statement] of SYNTHETIC_STATEMENTS.entries()) {
    const { voice, speed } = VOICES[s % VOICES.length]!;
    const other = SYNTHETIC_STATEMENTS[(s + 1) % n]!;
    const words = statement.split(" ");
    const partial = words.slice(0, Math.ceil(words.length * 0.4)).join(" ");
    for (const [kind, spoken, v] of [
      ["read", statement, VOICES[s % VOICES.length]!],
      ["read", statement, VOICES[(s + 2) % VOICES.length]!],
      ["other", other, { voice, speed }],
      ["partial", partial, { voice, speed }],
    ] as const) {
      const file = `s${s + 1}-${kind}-${v.voice.replace(/\W/g, "")}-${v.speed}.wav`;
      await speak(spoken, v.voice, v.speed, path.join(out, file));
      rows.push({
        file,
        transcript: spoken,
        language: "en",
        statement,
        read: kind === "read",
        kind,
        source: "espeak-ng",
        part: "test",
      });
    }
  }
  await lavfi("anoisesrc=d=5:c=pink:a=0.002:r=16000", path.join(out, "silence.wav"));
  // two chords alternating every half second over a kick-like thump: loud, voice-band, no words
  await lavfi(
    "aevalsrc=0.2*sin(2*PI*261.6*t)+0.2*sin(2*PI*329.6*t)*lt(mod(t\\,1)\\,0.5)+0.2*sin(2*PI*392*t)*gte(mod(t\\,1)\\,0.5)+0.4*sin(2*PI*60*t)*exp(-20*mod(t\\,0.5)):d=5:s=16000",
    path.join(out, "music.wav"),
  );
  for (const [file, kind] of [
    ["silence.wav", "silence"],
    ["music.wav", "music"],
  ] as const)
    for (const statement of SYNTHETIC_STATEMENTS.slice(0, 2))
      rows.push({
        file,
        transcript: "",
        language: "en",
        statement,
        read: false,
        kind,
        source: "espeak-ng",
        part: "test",
      });
  const header = "file,transcript,language,statement,read,kind,source,part";
  const lines = rows.map((r) =>
    [r.file, r.transcript, r.language, r.statement, r.read, r.kind, r.source, r.part].map(csvCell).join(","),
  );
  writeFileSync(path.join(out, "labels.csv"), [header, ...lines].join("\n") + "\n");
  writeFileSync(
    path.join(out, "SOURCE.md"),
    "# Synthetic agreement speech\n\nMade by us with espeak-ng and ffmpeg (tools/eval/make-speech-clips.ts): no recording of a person.\n",
  );
  return rows;
}

if (process.argv[1]?.endsWith("make-speech-clips.ts")) {
  const at = process.argv.indexOf("--out");
  const out = at > 0 ? process.argv[at + 1] : undefined;
  if (!out) {
    console.error("usage: make-speech-clips.ts --out DIR");
    process.exit(2);
  }
  makeSpeechClips(out).then((rows) => console.log(`${rows.length} labelled clips written to ${out}`));
}
