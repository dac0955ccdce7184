import { THAI_TITLES } from "@/lib/engines/names/thai";

// The words of persons' names that are not names (normalize.ts gives them their roles): titles, dropped, and
// particles, kept at little weight.

// Titles and honorifics say nothing about who someone is, and lists carry them inconsistently.
export const TITLES = new Set(
  "MR MRS MS MISS MX DR PROF PROFESSOR SIR DAME LORD LADY SHEIKH SHEIK SHAIKH SHAYKH SHEYKH HAJI HAJJI HADJI MULLAH MAULANA MAWLANA MAULVI MAULAVI MAWLAWI MAWLAVI MOULVI MUFTI QARI AYATOLLAH AYATULLAH HOJATOLESLAM HOJJATOLESLAM GENERAL GEN COLONEL COL CAPTAIN CAPT MAJOR LIEUTENANT LT SERGEANT SGT MONSIEUR MADAME MME MLLE HERR FRAU SENOR SENORA SIGNOR SIGNORA DON DONA".split(
    " ",
  ),
);
// A generational suffix after a name tells father and son apart (Ferdinand Marcos Jr. is not Ferdinand Marcos Sr.),
// as a regnal number tells a king from his ancestor: kept as a qualifier (normalize.ts), one spelling each. JR and II
// both name a namesake of the generation before and are written for each other; SR is the elder.
export const GENERATIONS: Readonly<Record<string, string>> = {
  JR: "JR",
  JNR: "JR",
  JUNIOR: "JR",
  SR: "SR",
  SNR: "SR",
  SENIOR: "SR",
  II: "II",
  III: "III",
  IV: "IV",
};
export const GENERATION_ALTS: Readonly<Record<string, string[]>> = { JR: ["II"], II: ["JR"] };
// the same titles written in Arabic, Persian, Urdu, Bengali and Devanagari, matched on the word as written: read in
// ASCII an abjad word's consonants may spell a Latin title (عمر, Omar, reads MR); and Thai's and Lao's written apart
export const NATIVE_TITLES = new Set([
  ..."شيخ الشيخ شیخ حاج الحاج حاجی حاجي ملا ملّا مولانا مولوی مولوي শেখ শাইখ হাজী মাওলানা মৌলভী शेख हाजी मौलाना मौलवी".split(
    " ",
  ),
  ...THAI_TITLES,
  "ທ້າວ",
  "ນາງ",
]);
// Particles are written joined, hyphenated, apart or left out (AL-RASHID, Al Rashid, Rashid): they weigh little and
// may join their neighbour (VAN DER BILT = VANDERBILT). Surnames that are particles elsewhere (Le, Du) are absent.
// With them the Turkic patronymic's "son of", "daughter of", written after the father's name and left out as often
// (Ilham Heydar oglu Aliyev, Ilham Aliyev): Azerbaijani OGLU, QIZI; Kazakh ULY, QYZY; Kyrgyz UULU, KYZY; Uzbek O'G'LI.
export const PARTICLES = new Set(
  (
    "AL EL UL BIN BEN BINT IBN ABU ABOU DE DEL DELLA DER DEN DOS DAS DI DA VAN VON ZU " +
    "OGLU OGLY OGHLU OGLI QIZI GIZI KIZI ULY QYZY KYZY UULU"
  ).split(" "),
);
export const FIRST_AS_NAME = new Set(["BEN", "ABU", "ABOU"]);
export const PARTICLE_FORMS: Record<string, string> = { EL: "AL", UL: "AL", BEN: "BIN", IBN: "BIN", ABOU: "ABU" };
