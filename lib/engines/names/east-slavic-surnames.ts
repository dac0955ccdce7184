// A Ukrainian or Belarusian surname as its bearer's passport spells it, against the Russian form the lists write
// (issue 30, nineteenth round): Belarusian Ў written U at the end (RAMANAU, LEBEDZEU, KAVALYOU: ROMANOV, LEBEDEV,
// KOVALYOV), and Г written H (HRYTSENKO: GRITSENKO). token-similarity.ts compares the two as the Russian forms, at most
// as two romanisations.

// -AU, -EU, -OU after a consonant, -EU after a vowel, -YOU (not French -EAU, -IEU), against a Russian ending
const BELARUSIAN_ENDING = /(?:[^AEIOUY][AEO]|[AEOU]E|YO)U$/;
const RUSSIAN_ENDING = /[OE]V$/;
// an H that is no digraph's (KH, SH, ZH, CH, TH …), in a surname of an East Slavic ending, against a G
const LONE_H = /(?<![KSZCTDGP])H/g;
const HAS_LONE_H = new RegExp(LONE_H.source);
const EAST_SLAVIC_SURNAME = /(?:ENKO|ENKA|ANKA|CHUK|UK|OV|EV|IN|YN|SKY|SKYI|SKI|SKIY|YCH|ICH|ETS|AU|EU|OU)$/;
const isHForG = (h: string, g: string) =>
  HAS_LONE_H.test(h) && !h.includes("G") && g.includes("G") && !HAS_LONE_H.test(g);
export const isEastSlavicPair = (a: string, b: string) =>
  (BELARUSIAN_ENDING.test(a) && RUSSIAN_ENDING.test(b)) ||
  (BELARUSIAN_ENDING.test(b) && RUSSIAN_ENDING.test(a)) ||
  (EAST_SLAVIC_SURNAME.test(a) && EAST_SLAVIC_SURNAME.test(b) && (isHForG(a, b) || isHForG(b, a)));
// Ў written U, and the A that writes Russian's unstressed O before it (akanye: РАМАНАЎ, РОМАНОВ)
const asRussianEnding = (x: string) =>
  BELARUSIAN_ENDING.test(x) ? x.replace(/AU$/, "OV").replace(/(E|O)U$/, "$1V") : x;
// Ў after a vowel inside the name written U too (RAUKOU: RAVKOV; HALOUCHANKA: GOLOVCHENKO), and -ENKA, -ANKA the
// Belarusian -ENKO
const INNER_U = /([AEIOY])U(?=[BCDFGHJKLMNPQRSTVWXZ])/g;
export const asRussianForm = (x: string) =>
  asRussianEnding(x.replace(LONE_H, "G"))
    .replace(INNER_U, "$1V")
    .replace(/[AE]NKA$/, "ENKO");
