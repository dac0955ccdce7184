import anyAscii from "any-ascii";

// Indic scripts (abugidas): any-ascii writes the consonants and the written vowel signs but not the inherent vowel
// (नरेंद्र → NREMDR), so a name compares like an abjad's, by its consonants (abjad.ts, consonantSkeleton). The
// anusvara is the nasal of the consonant after it: N before all but the labials (नरेंद्र = Narendra), M before them
// and at the end.
export const INDIC = /[\u0900-\u0DFF]/u;
const ANUSVARA = /[\u0902\u0982\u0A02\u0A70\u0A82\u0B02\u0B82\u0C02\u0C82\u0D02\u0D82](?=(.)?)/gu;
const LABIALS =
  /[\u092A-\u092E\u09AA-\u09AE\u0A2A-\u0A2E\u0AAA-\u0AAE\u0B2A-\u0B2E\u0BAA\u0BAE\u0C2A-\u0C2E\u0CAA-\u0CAE\u0D2A-\u0D2E]/u;

// A letter any-ascii writes one way and names are customarily written another as well, each its own choice (a word
// is read every way its letters allow, any-ascii's first):
// - the palatal and retroflex sibilants (श ष, শ ষ, ਸ਼, શ ષ, ଶ ଷ, ஶ ஷ, శ ష, ಶ ಷ, ശ ഷ, ශ ෂ) as SH (Shah, Sheikh, Krishna);
// - व (V) as W (Pawar, Vasudev);
// - Bengali জ and য, which Bangladeshi names of Arabic and Persian origin write Z (জিয়া Zia, জামান Zaman, যাকির Zakir),
//   and ज ਜ જ, which Hindi, Punjabi and Gujarati text often writes without the nukta for the Z of such names (हाफिज
//   Hafiz, अजहर Azhar); য় (with the nukta) is Y;
// - the Tamil and Malayalam dental த ത, which names write TH (ஜெயலலிதா Jayalalithaa, கருணாநிதி Karunanidhi, തരൂർ
//   Tharoor) to tell it from the retroflex T;
// - the flapped ड़ ढ़ ড় ঢ় (with the nukta), which names write D as any-ascii does (कपाड़िया Kapadia, गौड़ा Gowda) or R.
const SIBILANT =
  "[\\u0936\\u0937\\u09B6\\u09B7\\u0A36\\u0AB6\\u0AB7\\u0B36\\u0B37\\u0BB6\\u0BB7\\u0C36\\u0C37\\u0CB6\\u0CB7\\u0D36\\u0D37\\u0DC1\\u0DC2]";
// a letter without the nukta after it (with it, it is another letter)
const bare = (letters: string) => `${letters}(?![\\u093C\\u09BC\\u0A3C\\u0ABC])`;
const CUSTOMARY = [
  { letters: bare(SIBILANT), spelling: "SH" },
  { letters: bare("[\\u0935\\u0A35\\u0AB5\\u0B35\\u0B71\\u0BB5\\u0C35\\u0CB5\\u0D35\\u0DC0]"), spelling: "W" },
  { letters: bare("[\\u099C\\u09AF\\u091C\\u0A1C\\u0A9C]"), spelling: "Z" },
  { letters: "[\\u0BA4\\u0D24]", spelling: "TH" },
  { letters: "\\u0921\\u093C|\\u09A1\\u09BC", spelling: "R" },
  { letters: "\\u0922\\u093C|\\u09A2\\u09BC", spelling: "RH" },
].map(({ letters, spelling }) => ({ letter: new RegExp(`^(?:${letters})$`, "u"), letters, spelling }));
const CUSTOMARY_LETTERS = new RegExp(`(${CUSTOMARY.map(({ letters }) => letters).join("|")})`, "gu");

// Spelt one way only, which any-ascii does not write:
// - a consonant with the nukta (the dot below) writes a sound of Persian, Arabic or English that Hindi, Punjabi,
//   Gujarati and Bengali borrowed: ज़ Z, फ़ F, क़ Q, ख़ KH, ग़ GH (हाफ़िज़ Hafiz, अज़हर Azhar). any-ascii reads the
//   precomposed letters so but drops a nukta written as its own mark (फ़ → PH), the form text is usually typed in;
// - Malayalam ന്റ and റ്റ, said and written NT and TT (ആന്റണി Antony), which any-ascii reads NR and RR.
const SPELLED: Readonly<Record<string, string>> = {
  "\u0915\u093C": "Q",
  "\u0916\u093C": "KH",
  "\u0917\u093C": "GH",
  "\u091C\u093C": "Z",
  "\u091D\u093C": "Z",
  "\u092B\u093C": "F",
  "\u092F\u093C": "Y",
  "\u0A16\u0A3C": "KH",
  "\u0A17\u0A3C": "GH",
  "\u0A1C\u0A3C": "Z",
  "\u0A2B\u0A3C": "F",
  "\u0A38\u0A3C": "SH",
  "\u0A32\u0A3C": "L",
  "\u09AF\u09BC": "Y",
  "\u0A9C\u0ABC": "Z",
  "\u0A9D\u0ABC": "Z",
  "\u0AAB\u0ABC": "F",
  "\u0D28\u0D4D\u0D31": "NT",
  "\u0D31\u0D4D\u0D31": "TT",
};
const SPELLED_LETTERS = new RegExp(`(${Object.keys(SPELLED).join("|")})`, "gu");

/** An Indic word in ASCII, its anusvara written as the nasal it is read as. */
export function indicReading(word: string): string {
  return indicReadings(word)[0]!;
}

/**
 * The word in ASCII as any-ascii writes it (first), then with its letters' customary spellings (CUSTOMARY) in every
 * combination; a letter spelt one way only (SPELLED) always so.
 */
export function indicReadings(word: string): string[] {
  const parts = word
    .replace(ANUSVARA, (_, next: string | undefined) =>
      next && !LABIALS.test(next) ? "\u0000N\u0000" : "\u0000M\u0000",
    )
    .replace(SPELLED_LETTERS, "\u0000$1\u0000")
    .replace(CUSTOMARY_LETTERS, "\u0000$1\u0000")
    .split("\u0000");
  const present = CUSTOMARY.filter(({ letter }) => parts.some((part) => letter.test(part)));
  const read = (chosen: readonly (typeof CUSTOMARY)[number][]) =>
    parts
      .map((part) => {
        if (part === "N" || part === "M") return part;
        return SPELLED[part] ?? chosen.find(({ letter }) => letter.test(part))?.spelling ?? anyAscii(part);
      })
      .join("")
      .toUpperCase();
  const readings: string[] = [];
  for (let mask = 0; mask < 1 << present.length; mask++)
    readings.push(read(present.filter((_, bit) => mask & (1 << bit))));
  return [...new Set(readings)];
}
