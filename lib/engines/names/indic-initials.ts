import anyAscii from "any-ascii";
import { INDIC } from "@/lib/engines/names/indic";

// Initials in Indian and Sri Lankan names written in their own script. Hindi, Bengali, Telugu and the others spell out
// the English letter's name (एम. के. = M. K., ए. पी. जे. = A. P. J., বি. এন. = B. N.); Tamil writes the first
// syllable of the name it stands for (மு. க. ஸ்டாலின், Mu. Ka., for M. K. Stalin). Either way lists write the Latin
// letter. Only a short word followed by a dot is read so: without the dot such a word may be a name's own (जी is also
// the honorific "ji", के the genitive "of").

// an English letter's name as any-ascii reads it from the Indic spelling (ए → E is A, ई → I is E)
const LETTER_NAMES: Readonly<Record<string, string>> = {
  E: "A",
  BI: "B",
  SI: "C",
  DI: "D",
  I: "E",
  EPH: "F",
  JI: "G",
  EC: "H",
  EIC: "H",
  AI: "I",
  JE: "J",
  KE: "K",
  EL: "L",
  EM: "M",
  EN: "N",
  O: "O",
  PI: "P",
  KYU: "Q",
  AR: "R",
  ES: "S",
  TI: "T",
  YU: "U",
  VI: "V",
  BHI: "V",
  DBLYU: "W",
  EKS: "X",
  VAI: "Y",
  OYAI: "Y",
  JED: "Z",
};

const DOTTED = /(^|\s)(\S{1,5})\.(?=\s|$)/gu;
const MAX_LETTERS = 4;

/** The Latin letter a dotted Indic initial stands for, or null when the word is no initial. */
export function indicInitial(word: string): string | null {
  if (!INDIC.test(word)) return null;
  const read = anyAscii(word)
    .toUpperCase()
    .replace(/[^A-Z]/g, "");
  if (!read || read.length > MAX_LETTERS) return null;
  return LETTER_NAMES[read] ?? read[0]!;
}

/** A person's name with its dotted Indic initials written as the Latin initials they stand for (एम. के. → M. K.). */
export function withLatinInitials(text: string): string {
  if (!INDIC.test(text)) return text;
  return text.replace(DOTTED, (all, before: string, word: string) => {
    const letter = indicInitial(word);
    return letter ? `${before}${letter}.` : all;
  });
}
