import anyAscii from "any-ascii";
import worldCountries from "world-countries";
// An organisation's name written in Arabic or Persian letters says in words what its English name says in words:
// حركة حماس is the Hamas Movement, جبهة النصرة the Nusra Front, شرکت ملی نفت ایران the National Iranian Oil Company.
// Read letter by letter, حركة is HRKA, which meets the transliteration HARAKAT a list may write but not MOVEMENT,
// and the word then weighs as a name the list's entry lacks. So the words that say what kind of organisation or
// business it is read as the English word (the one the lists' English names use), and the transliteration stays
// beside it as its other spelling: the word meets MOVEMENT, HARAKAT and HARAKA alike. The names themselves (حماس,
// النصرة) stay transliterations. Organisations only; written for this project, each word with the English word its
// organisations' own English names use for it.

/**
 * Arabic and Persian words of organisations' kinds and businesses (spelt as `lookupForm` writes them) → English; where
 * the lists' English names use two words for one, the first is shown and the other is its other spelling (FIGHTING
 * GROUP, COMBATANT GROUP: "FIGHTING|COMBATANT").
 */
const WORDS = new Map<string, string>(
  (
    [
      ["MOVEMENT", "حرکه حرکت"],
      ["FRONT", "جبهه"],
      ["PARTY", "حزب"],
      ["ARMY", "جیش"],
      ["BRIGADES", "کتائب کتایب"],
      ["BRIGADE", "لواء لوا"],
      ["COUNCIL", "مجلس"],
      ["STATE", "دوله"],
      ["ORGANIZATION", "تنظیم منظمه سازمان"],
      ["COMPANY", "شرکه شرکت"],
      ["BANK", "بنک بانک مصرف"],
      ["FOUNDATION", "موسسه بنیاد"],
      ["GROUP", "مجموعه گروه"],
      ["NATIONAL", "وطنیه وطنی ملی"],
      ["OIL", "نفط نفت"],
      ["CENTRAL", "مرکزی مرکزیه"],
      ["ISLAMIC", "اسلامی اسلامیه"],
      ["ARAB", "عربی عربیه"],
      ["REPUBLIC", "جمهوریه جمهوری"],
      ["INDUSTRIES", "صنایع"],
      ["SHIPPING", "کشتیرانی"],
      ["COMMERCIAL", "تجاری تجاریه"],
      ["TRADING", "بازرگانی"],
      ["INVESTMENT", "استثمار"],
      // the state's bodies: ministries, forces, guards, intelligence (nineteenth round, docs/accuracy.md)
      ["MINISTRY", "وزاره وزارت"],
      ["INTELLIGENCE", "استخبارات اطلاعات"],
      ["SECURITY", "امن امنیت امنیه"],
      ["DEFENCE", "دفاع"],
      ["FORCES", "قوات نیروی نیروهای"],
      ["GUARD", "حرس پاسداران پاسدار"],
      ["CORPS", "سپاه فیلق"],
      ["REVOLUTIONARY", "ثوری ثوریه انقلابی"],
      ["REVOLUTION", "ثوره انقلاب"],
      ["POPULAR", "شعبی شعبیه مردمی"],
      ["MOBILIZATION", "حشد بسیج"],
      ["LIBERATION", "تحریر"],
      ["WORKERS", "عمال کارگران"],
      ["COMMITTEE", "لجنه کمیته"],
      ["UNION", "اتحاد اتحادیه"],
      ["ASSOCIATION", "جمعیه انجمن"],
      // what the business is
      ["ATOMIC", "اتمی ذریه"],
      ["NUCLEAR", "نووی نوویه"],
      ["ENERGY", "انرژی طاقه"],
      ["GAS", "گاز غاز"],
      ["TANKER", "نفتکش"],
      ["TELECOMMUNICATIONS", "اتصالات"],
      ["AIR", "جوی جویه هواپیمایی"],
      ["AVIATION", "طیران هوانوردی"],
      // the countries and peoples the lists' English names carry (SYRIAN ARAB AIRLINES, CENTRAL BANK OF IRAQ)
      ["SYRIA", "سوریه سوریا سوری"],
      ["IRAQ", "عراق عراقی عراقیه"],
      ["IRAN", "ایران ایرانی"],
      ["LEBANON", "لبنان لبنانی"],
      ["PALESTINE", "فلسطین"],
      ["KURDISTAN", "کردستان کردستانی"],
      // regions the lists' English names carry as such (AL-QAIDA IN THE ISLAMIC MAGHREB, … OF THE LEVANT)
      ["LEVANT", "شام"],
      ["MAGHREB", "مغرب"],
      // the groups, networks and offices of the UN list's entities (LIBYAN ISLAMIC FIGHTING GROUP, HAQQANI NETWORK,
      // HANIFA MONEY EXCHANGE OFFICE)
      ["GROUP", "جماعه"],
      ["FIGHTING|COMBATANT", "مقاتله"],
      ["IN", "فی"],
      ["NETWORK", "شبکه"],
      ["OFFICE", "مکتب دفتر"],
      ["EXCHANGE", "صرافه"],
    ] as const
  ).flatMap(([english, words]) => words.split(" ").map((word) => [word, english] as const)),
);

// the letters one word is written with in Arabic and in Persian (ي ی ى, ك ک, ة ه ۀ ہ, أ إ آ ا, ؤ و, ئ ی), and
// the vowel marks, which the words above are written without
const LETTER_FORMS: Readonly<Record<string, string>> = {
  "\u064A": "\u06CC",
  "\u0649": "\u06CC",
  "\u0626": "\u06CC",
  "\u0643": "\u06A9",
  "\u0629": "\u0647",
  "\u06C0": "\u0647",
  "\u06C1": "\u0647",
  "\u0623": "\u0627",
  "\u0625": "\u0627",
  "\u0622": "\u0627",
  "\u0624": "\u0648",
};
const MARKS = /[\u064B-\u065F\u0670\u0640]/gu;

/** One word in the spelling WORDS is keyed by: one letter for each letter written two ways, no vowel marks. */
export function lookupForm(word: string): string {
  return [...word.replace(MARKS, "")].map((char) => LETTER_FORMS[char] ?? char).join("");
}

// Every country of one English word by its Arabic, Persian and Urdu names (world-countries' translations) and the
// adjective Arabic and Persian make of it, the nisba (مصر Egypt, مصري مصرية Egyptian; ليبيا, ليبي ليبية), read as
// the country's English name, which names the same place as its demonym (place-words.ts): الجهاد الاسلامي المصري is
// the EGYPTIAN ISLAMIC JIHAD. A name's article is left off, as words are looked up without it (normalize.ts).
const NISBA = "\u06CC";
for (const country of worldCountries) {
  const english = anyAscii(country.name.common).toUpperCase();
  if (!/^[A-Z]+$/.test(english)) continue;
  for (const language of ["ara", "per", "urd"] as const) {
    const name = lookupForm(country.translations[language]?.common ?? "").replace(/^\u0627\u0644/u, "");
    if (name.includes(" ") || name.length < 2) continue;
    const stem = name.replace(/\u06CC\u0627$/u, NISBA);
    const adjective = stem.endsWith(NISBA) ? stem : stem + NISBA;
    for (const word of [name, adjective, `${adjective}\u0647`]) if (!WORDS.has(word)) WORDS.set(word, english);
  }
}

// and, for, by, as written joined to the next word, with the article after them or not (والشام, لتحرير, للتنمية)
const JOINED_PREFIX = /^(?:[وفبلک]ال|لل|[وفبل])/u;

/**
 * The English word of an Arabic or Persian word of an organisation's kind or business (حركة: MOVEMENT), if any; a
 * word not found as written is looked up without a conjunction or preposition joined before it (لتحرير, for the
 * liberation: LIBERATION).
 */
export function arabicBusinessWordInEnglish(word: string): string | undefined {
  const form = lookupForm(word);
  const found = WORDS.get(form);
  if (found) return found;
  const bare = form.replace(JOINED_PREFIX, "");
  return bare !== form && bare.length >= 2 ? WORDS.get(bare) : undefined;
}

let english: Set<string> | undefined;
/** Is this one of the English words the words above are read as (MOVEMENT, COMBATANT, IRAQ)? */
export function isBusinessWordInEnglish(word: string): boolean {
  english ??= new Set([...WORDS.values()].flatMap((value) => value.split("|")));
  return english.has(word);
}
