import anyAscii from "any-ascii";
import bidiFactory from "bidi-js";
import { COUNTRY_CODES } from "@/lib/shared/countries";

// A name as a reader sees it, not as its characters were typed (issue 30, eighteenth round). Three ways to write a
// listed name that a reviewer reads whole while the characters spell something else:
// - directional overrides and isolates (U+202A–U+202E, U+2066–U+2069): "P" + RLO + "nitu" is shown as Putin, the
//   characters under the override laid out right to left. The Unicode Bidirectional Algorithm (bidi-js) gives the
//   order shown; runs of a right-to-left script are then read back in their own direction, as their reader reads
//   them, so an Arabic or Hebrew name inside an embedding reads as typed;
// - characters with no ink of their own: Unicode tag characters (U+E0000–U+E007F, which any-ascii spells as the
//   letters they tag), variation selectors, enclosing marks (U+20DD, U+0489: any-ascii writes the millions sign as
//   1000000);
// - pictographs and flags between or inside the words (🇷🇺, 🔥, ™: any-ascii writes RU, :fire:, TM): a space, unless
//   the pictograph is a letter in a box (🅿, which any-ascii reads P, as a reader does), as regional indicators that
//   pair into no flag are shown (nineteenth round: `flagsAsShown`).
// Letters of other scripts drawn like Latin ones are evasion.ts's (unmaskLookalikes).

const DIRECTIONAL_FORMATTING = /[\u202A-\u202E\u2066-\u2069]/u;
const DIRECTIONAL_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
const NO_INK = /[\u{E0000}-\u{E007F}]|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]|\p{Me}/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Emoji_Modifier}/gu;
const FLAG_LETTERS = /\p{Regional_Indicator}+/gu;
const FLAG_A = 0x1f1e6;
// the pairs a device draws as a flag: the countries' codes, and the European Union's and the United Nations'
const FLAGS: ReadonlySet<string> = new Set([...COUNTRY_CODES, "EU", "UN"]);

/**
 * A run of regional indicators as a device shows it: paired from its start, a pair that is a country's code is its
 * flag (a space here), any other pair or a last one left alone two or one letters in boxes (🇵🇺🇹🇮🇳 is shown PU TI N:
 * PUTIN). A ZWSP between them keeps each alone, a letter.
 */
function flagsAsShown(run: string): string {
  const letters = [...run].map((c) => String.fromCharCode(65 + c.codePointAt(0)! - FLAG_A));
  let shown = "";
  for (let i = 0; i < letters.length; i += 2) {
    const pair = letters.slice(i, i + 2).join("");
    shown += pair.length === 2 && FLAGS.has(pair) ? " " : pair;
  }
  return shown;
}
// a run of a right-to-left script's letters, with the spaces and marks between them: read in its own direction
const RTL = "\\p{Script=Arabic}\\p{Script=Hebrew}\\p{Script=Syriac}\\p{Script=Thaana}\\p{Script=Nko}";
const RIGHT_TO_LEFT_RUN = new RegExp(`[${RTL}](?:[${RTL}\\s\\p{M}\\u200C\\u200D]*[${RTL}])?`, "gu");

let bidi: ReturnType<typeof bidiFactory> | null = null;

/** The characters in the order a left-to-right line shows them, each right-to-left run read back in its direction. */
function inOrderShown(text: string): string {
  bidi ??= bidiFactory();
  // one code unit per character: astral letters were made BMP ones (NFKC) or blanked before
  const shown = bidi.getReorderedString(text, bidi.getEmbeddingLevels(text, "ltr"));
  return shown.replace(RIGHT_TO_LEFT_RUN, (run) => [...run].reverse().join(""));
}

const isBoxedLetter = (pictograph: string) => /^[A-Za-z0-9]$/.test(anyAscii(pictograph));

/**
 * The name as shown: in the order a reader sees its characters, without those that show nothing, pictographs as
 * spaces. `typed` is the characters in the order typed (invisible ones dropped) where an override reorders them, else
 * null. `then` is applied to both (a person's forms of address left out: person-words.ts).
 */
export function asShown(
  raw: string,
  then: (text: string) => string = (text) => text,
): { shown: string; typed: string | null } {
  const { shown, typed } = reordered(raw);
  return { shown: then(shown), typed: typed && then(typed) };
}

function reordered(raw: string): { shown: string; typed: string | null } {
  const visible = raw
    .replace(NO_INK, "")
    .replace(FLAG_LETTERS, flagsAsShown)
    .replace(PICTOGRAPH, (p) => (isBoxedLetter(p) ? p : " "));
  if (!DIRECTIONAL_FORMATTING.test(visible)) return { shown: visible, typed: null };
  const plain = visible.normalize("NFKC");
  const typed = plain.replace(DIRECTIONAL_MARKS, "");
  const shown = inOrderShown(plain.length === [...plain].length ? plain : typed).replace(DIRECTIONAL_MARKS, "");
  return { shown, typed: shown === typed ? null : typed };
}
