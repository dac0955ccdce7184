// Burmese names in Latin letters. A Burmese name is written as one run of syllables without spaces
// (မင်းအောင်လှိုင်), and any-ascii reads it letter by letter (MNEANLHIUN), which no list spells: lists write each
// syllable as a word in the customary romanisation (MIN AUNG HLAING). Here the run is cut into syllables (a syllable
// starts at a consonant that neither closes the one before — with the asat ် — nor is stacked under it) and each
// syllable is read as names write it: onset (with the medials ျ ြ = Y, ွ = W, ှ = H before it: လှ HL, ရှ SH), then
// the rhyme by a table of the usual ones (ောင် AUNG, ိုင် AING, ိန် EIN, င် IN …). Rules of ours: npm has no Burmese
// romaniser (the packages found convert the Zawgyi font encoding only).

export const MYANMAR = /[\u1000-\u109F]/u;

const ONSETS: Record<string, string> = {
  က: "K",
  ခ: "KH",
  ဂ: "G",
  ဃ: "G",
  င: "NG",
  စ: "S",
  ဆ: "S", // the romanisation's HS; names write S (Aung San, Myint Swe)
  ဇ: "Z",
  ဈ: "Z",
  ည: "NY",
  ဋ: "T",
  ဌ: "HT",
  ဍ: "D",
  ဎ: "D",
  ဏ: "N",
  တ: "T",
  ထ: "HT",
  ဒ: "D",
  ဓ: "D",
  န: "N",
  ပ: "P",
  ဖ: "HP",
  ဗ: "B",
  ဘ: "B",
  မ: "M",
  ယ: "Y",
  ရ: "Y",
  လ: "L",
  ဝ: "W",
  သ: "TH",
  ဟ: "H",
  ဠ: "L",
  အ: "",
};
// independent vowels, read as a whole syllable's start
const INDEPENDENT: Record<string, string> = { ဣ: "I", ဤ: "I", ဥ: "U", ဦ: "U", ဧ: "E", ဩ: "AW", ဪ: "AW" };
const ASAT = "\u103A";
const STACK = "\u1039";
const MEDIAL_Y = /[\u103B\u103C]/u;
const MEDIAL_W = "\u103D";
const MEDIAL_H = "\u103E";
// tone marks and the visible virama: not part of a spelling
const TONES = /[\u1037\u1038]/gu;

// rhymes: the vowel signs and final (consonant + asat) after the onset, as names write them; longest first
const CREAKY_IN = "\uE000"; // င့် (the creaky tone on -in), which names write INT (Myint): marked before the tones go
const RHYMES: [string, string][] = (
  [
    [`င်${CREAKY_IN}`, "INT"],
    ["ောင်", "AUNG"],
    ["ိုင်", "AING"],
    ["ိုက်", "AIK"],
    ["ိန်", "EIN"],
    ["ိမ်", "EIN"],
    ["ိတ်", "EIK"],
    ["ိပ်", "EIK"],
    ["ုန်", "UN"],
    ["ုမ်", "OUN"],
    ["ုံ", "OUN"],
    ["ုတ်", "OKE"],
    ["ုပ်", "OKE"],
    ["ေါင်", "AUNG"],
    ["ော်", "AW"],
    ["ော", "AW"],
    ["ေါ်", "AW"],
    ["ေါ", "AW"],
    ["ို", "O"],
    ["ွန်", "UN"],
    ["ွင်", "WIN"],
    ["ွမ်", "WAN"],
    ["င်", "IN"],
    ["ဉ်", "IN"],
    ["ည်", "I"],
    ["န်", "AN"],
    ["မ်", "AN"],
    ["ံ", "AN"],
    ["တ်", "AT"],
    ["ပ်", "AT"],
    ["က်", "ET"],
    ["စ်", "IT"],
    ["ယ်", "E"],
    ["ဲ", "E"],
    ["ာ", "A"],
    ["ါ", "A"],
    ["ိ", "I"],
    ["ီ", "I"],
    ["ု", "U"],
    ["ူ", "U"],
    ["ေ", "E"],
  ] as [string, string][]
).sort((a, b) => b[0].length - a[0].length);

const isConsonant = (c: string | undefined) => c !== undefined && c in ONSETS;

/** The word's syllables, each as written (medials, vowel signs and its closing consonant with the asat). */
function syllables(word: string): string[] {
  const chars = [
    ...word
      .normalize("NFC")
      .replace(/\u1004\u1037\u103A/gu, `\u1004\u103A${CREAKY_IN}`)
      .replace(TONES, ""),
  ];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const startsOne =
      (isConsonant(c) || c in INDEPENDENT) && chars[i + 1] !== ASAT && chars[i + 1] !== STACK && chars[i - 1] !== STACK;
    if (startsOne || out.length === 0) out.push(c);
    else out[out.length - 1] += c;
  }
  return out;
}

function readSyllable(syllable: string): string {
  const chars = [...syllable];
  const first = chars[0]!;
  if (first in INDEPENDENT) return INDEPENDENT[first]! + readRhyme(chars.slice(1).join(""));
  let onset = ONSETS[first] ?? "";
  let rest = chars.slice(1).join("").replace(STACK, "");
  // the medials, in their Unicode order (ျ ြ ွ ှ): ှ makes လ HL, မ HM, န HN, but ရ and ယ SH
  const hasY = MEDIAL_Y.test(rest);
  const hasW = rest.includes(MEDIAL_W) && !/^\u103D[\u1014\u1004\u1019]\u103A/u.test(rest.replace(MEDIAL_Y, ""));
  const hasH = rest.includes(MEDIAL_H);
  rest = rest.replace(MEDIAL_Y, "").replace(MEDIAL_H, "");
  if (hasW) rest = rest.replace(MEDIAL_W, "");
  if (hasH) onset = first === "ရ" || first === "ယ" ? "SH" : `H${onset}`;
  if (hasY) onset = onset === "" ? "Y" : `${onset}Y`;
  if (hasW) onset += "W";
  // the inherent vowel: A when nothing follows
  return onset + (rest ? readRhyme(rest) : "A");
}

function readRhyme(rest: string): string {
  let out = "";
  let text = rest;
  while (text.length > 0) {
    const match = RHYMES.find(([written]) => text.startsWith(written));
    if (match) {
      out += match[1];
      text = text.slice(match[0].length);
    } else {
      // a closing consonant outside the table (with its asat): read as it closes most often, N
      text = text.slice([...text][0]!.length);
      if (text.startsWith(ASAT)) {
        out += "AN";
        text = text.slice(1);
      }
    }
  }
  return out;
}

/** The word's syllables in the customary romanisation, each a word; [] when it has no Burmese letters. */
export function burmeseSyllables(word: string): string[] {
  if (!MYANMAR.test(word)) return [];
  return syllables(word)
    .map(readSyllable)
    .filter((s) => s.length > 0);
}
