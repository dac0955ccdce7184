import anyAscii from "any-ascii";

// Names written in an abjad (Arabic, Persian, Hebrew) carry no short vowels, and several letters have more than
// one customary Latin spelling: ق is Q in ALA-LC and BGN/PCGN, K or G in names as people write them (Qaddafi,
// Kadhafi, Gaddafi), GH in Persian (Ghasem); ذ is DH, Z or D; Hebrew ב is B or V, כ K or KH, ו a consonant (V) or
// a vowel. One transliteration picks one of them and the other spellings of the same name then differ by a
// consonant, which the consonant-skeleton comparison cannot forgive in a short name. So a word is read in every
// customary spelling of its ambiguous letters (the first is the one shown), capped; the comparison takes the best.
// The tables follow ALA-LC / BGN-PCGN (Arabic, Persian) and the common Israeli and English romanisations (Hebrew);
// letters with one spelling are written as any-ascii writes them.

const ARABIC: Record<string, readonly string[]> = {
  "\u0621": [""], // ء hamza
  "\u0622": ["A"], // آ
  "\u0623": ["A"], // أ
  "\u0624": [""], // ؤ
  "\u0625": ["I"], // إ
  "\u0626": [""], // ئ
  "\u0627": ["A"], // ا
  "\u0628": ["B"],
  "\u0629": ["A", "AH", "AT"], // ة taa marbuta: -a, -ah, and -at before a following noun (Hibat Allah)
  "\u062A": ["T"],
  "\u062B": ["TH", "S", "T"], // ث
  "\u062C": ["J", "G", "DJ"], // ج: Jamal, Egyptian Gamal, Maghrebi Djamel
  "\u062D": ["H"],
  "\u062E": ["KH"],
  "\u062F": ["D"],
  "\u0630": ["DH", "Z", "D"], // ذ
  "\u0631": ["R"],
  "\u0632": ["Z"],
  "\u0633": ["S"],
  "\u0634": ["SH"],
  "\u0635": ["S"],
  "\u0636": ["D", "DH", "Z"], // ض: Z as Persian, Urdu and Turkic say it (رضا Reza, رمضان Ramzan, ضياء Zia)
  "\u0637": ["T"],
  "\u0638": ["Z", "DH"], // ظ
  "\u0639": [""], // ع ayn: an apostrophe or nothing in Latin
  "\u063A": ["GH", "G"], // غ
  "\u0640": [""], // tatweel
  "\u0641": ["F"],
  "\u0642": ["Q", "K", "G", "GH"], // ق
  "\u0643": ["K"],
  "\u0644": ["L"],
  "\u0645": ["M"],
  "\u0646": ["N"],
  "\u0647": ["H"],
  "\u0648": ["W", "V"], // و: W in Arabic, V in Persian (Javad, Velayati); as a vowel W leaves the skeleton
  "\u0649": ["A"], // ى
  "\u064A": ["Y"],
  // Persian and Urdu letters
  "\u067E": ["P"], // پ
  "\u0686": ["CH"], // چ
  "\u0698": ["ZH", "J"], // ژ: Nezhad, Nejad
  "\u06A9": ["K"], // ک
  "\u06AF": ["G"], // گ
  "\u06CC": ["Y"], // ی
  "\u06C0": ["A", "EH"], // ۀ
  "\u06C1": ["H", "A"], // ہ Urdu: a consonant, or the vowel ending a word (طیبہ = Taiba)
  "\u06C3": ["A", "AH", "AT"], // ۃ Urdu taa marbuta
  "\u200C": [""], // zero-width non-joiner inside a Persian compound (Ahmadi‍nejad): one word
};

const HEBREW: Record<string, readonly string[]> = {
  "\u05D0": [""], // א
  "\u05D1": ["B", "V"], // ב
  "\u05D2": ["G"],
  "\u05D3": ["D"],
  "\u05D4": ["H", ""], // ה: a consonant, or the vowel ending a word (Moshe, Sarah)
  "\u05D5": ["V", "O"], // ו: V, or the vowel O / U
  "\u05D6": ["Z"],
  "\u05D7": ["KH", "H", "CH"], // ח
  "\u05D8": ["T"],
  "\u05D9": ["Y", "J"], // י: Y or a vowel; J in the English forms of biblical names (Joseph, Jacob, Benjamin)
  "\u05DA": ["KH", "K", "CH"], // ך
  "\u05DB": ["K", "KH", "CH"], // כ
  "\u05DC": ["L"],
  "\u05DD": ["M"],
  "\u05DE": ["M"],
  "\u05DF": ["N"],
  "\u05E0": ["N"],
  "\u05E1": ["S"],
  "\u05E2": [""], // ע
  "\u05E3": ["F"], // ף
  "\u05E4": ["P", "F"], // פ
  "\u05E5": ["TZ", "TS", "Z"], // ץ
  "\u05E6": ["TZ", "TS", "Z"], // צ
  "\u05E7": ["K"], // ק
  "\u05E8": ["R"],
  "\u05E9": ["SH", "S"], // ש
  "\u05EA": ["T"], // ת
};

// a Hebrew letter with the geresh writes a sound Hebrew lacks, in foreign and Arabic names (ג׳ו ביידן = Joe Biden,
// מוחמד ד׳ף = Mohammed Deif): the pair is read as one letter, marked by a private-use character before the marks go
const GERESH = /([\u05D2\u05D6\u05E6\u05E5\u05D7\u05D3\u05EA\u05E2])[\u05F3'\u2019]/gu;
const WITH_GERESH: Record<string, readonly string[]> = {
  "\u05D2": ["J", "DJ", "G"], // ג׳
  "\u05D6": ["ZH", "J"], // ז׳
  "\u05E6": ["CH", "TSH"], // צ׳
  "\u05E5": ["CH", "TSH"], // ץ׳
  "\u05D7": ["KH", "H"], // ח׳
  "\u05D3": ["DH", "TH", "D"], // ד׳
  "\u05EA": ["TH", "S", "T"], // ת׳
  "\u05E2": ["GH", "G"], // ע׳
};
const GERESH_BASE = 0xe000;
const GERESH_LETTERS = Object.keys(WITH_GERESH);
for (const [i, letter] of GERESH_LETTERS.entries())
  HEBREW[String.fromCodePoint(GERESH_BASE + i)] = WITH_GERESH[letter]!;

// vowel points, cantillation, harakat, shadda, sukun, superscript alef, geresh: no letter of their own (code point
// ranges: a character class of combining marks is misread by editors and linters)
const MARK_RANGES: readonly [number, number][] = [
  [0x0591, 0x05c7],
  [0x05f3, 0x05f4],
  [0x064b, 0x065f],
  [0x0670, 0x0670],
  [0x06d6, 0x06ed],
];
const isMark = (char: string) => {
  const code = char.codePointAt(0)!;
  return MARK_RANGES.some(([from, to]) => code >= from && code <= to);
};

// the article's L before a "sun letter" is spoken as that letter (عبد الرحمن = Abd ar-Rahman, ABDURRAHMAN): inside a
// word read joined (ARABIC_COMPOUND in normalize.ts), its L may be missing from the Latin spelling
const SUN_LETTERS = new Set([
  ..."\u062A\u062B\u062F\u0630\u0631\u0632\u0633\u0634\u0635\u0636\u0637\u0638\u0644\u0646",
]);
function isAssimilatedArticle(chars: readonly string[], i: number): boolean {
  return chars[i] === "\u0644" && i > 0 && chars[i - 1] === "\u0627" && SUN_LETTERS.has(chars[i + 1] ?? "");
}

// ه ending a word of three letters or more: a consonant (عبد الله), or the vowel a taa marbuta writes, as names are
// often typed with ه for ة (زينيه Zeiniye, القاعده al-Qaida). ALLAH keeps its H, alone (له without its article: one
// consonant, L, met by any run of L's) or ending a name (عبدالله is not ABDUL)
const WORD_FINAL_HA = ["H", "A"];

/** At most this many spellings of one word (a name of many ambiguous letters keeps its likeliest ones). */
export const MAX_ABJAD_READINGS = 24;

/**
 * Every customary Latin spelling of one word written in Arabic, Persian or Hebrew, uppercase ASCII, the first the
 * one shown; [] when the word has no letter of these scripts.
 */
export function abjadReadings(word: string): string[] {
  let readings = [""];
  let found = false;
  const marked = word
    .normalize("NFKC")
    .replace(GERESH, (_, letter: string) => String.fromCodePoint(GERESH_BASE + GERESH_LETTERS.indexOf(letter)));
  const chars = [...marked].filter((char) => !isMark(char));
  for (const [i, char] of chars.entries()) {
    const options = isAssimilatedArticle(chars, i)
      ? ["L", ""]
      : char === "\u0647" &&
          i === chars.length - 1 &&
          i >= 2 &&
          !(chars[i - 1] === "\u0644" && chars[i - 2] === "\u0644")
        ? WORD_FINAL_HA
        : (ARABIC[char] ?? HEBREW[char]);
    if (options) found = true;
    const spellings = options ?? [
      anyAscii(char)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, ""),
    ];
    const next: string[] = [];
    // the first spelling of every letter first: a cut keeps the likeliest readings
    for (const spelling of spellings)
      for (const reading of readings) if (next.length < MAX_ABJAD_READINGS) next.push(reading + spelling);
    readings = next;
  }
  if (!found) return [];
  return [...new Set(readings.filter(Boolean))];
}

/**
 * Consonant skeleton of a token: abjad scripts write no short vowels, and transliterations of their long vowels
 * vary (Y/I, W/OU), so KHALID, KHALED and خالد (khld) all become KHLD. Doubled letters collapse (MOHAMMED → MHMD).
 */
export function consonantSkeleton(token: string): string {
  return skeletonOfLetters(token.replace(/PH/g, "F"));
}

/**
 * The skeletons a token may stand for: with PH as F, and, where the token has PH, with P and H as two letters, as an
 * abjad word's reading writes پ and ه side by side (سپه, SPH: SEPAH).
 */
export function consonantSkeletons(token: string): string[] {
  const skeleton = consonantSkeleton(token);
  return token.includes("PH") ? [skeleton, skeletonOfLetters(token)] : [skeleton];
}

function skeletonOfLetters(token: string): string {
  return mapped(token)
    .replace(/[AEIOUYW]/g, "")
    .replace(/(.)\1+/g, "$1");
}

// Arabic has no P or V: Latin P/B and V/F are one letter to it (بيريز = PEREZ); Latin PH is F and C is K (JOSEPH ~
// יוסף, JACOB ~ יעקב, RACHEL ~ רחל as KH); Q is K (ق is written both: TARIQ, TAREK)
const mapped = (token: string) => token.replace(/[CQ]/g, "K").replace(/P/g, "B").replace(/V/g, "F");

/**
 * A word's vowels between its skeleton's consonants: [before the first, after the first, …, after the last], the
 * letters mapped and doubled consonants merged as `consonantSkeleton` does (MAMA: M, gaps "", "AA").
 */
function vowelGaps(token: string): string[] {
  return gapsAndConsonants(token).gaps;
}
/**
 * `vowelGaps` with the consonants between them (gap i comes before consonants[i]), and which of them the word writes
 * twice running (HAMMAD's M).
 */
function gapsAndConsonants(token: string): { gaps: string[]; consonants: string[]; doubled: boolean[] } {
  const gaps = [""];
  const consonants: string[] = [];
  const doubled: boolean[] = [];
  let [last, previous] = ["", ""];
  for (const letter of mapped(token.replace(/PH/g, "F"))) {
    if ("AEIOUYW".includes(letter)) gaps[gaps.length - 1] += letter;
    else if (letter !== last) {
      gaps.push("");
      consonants.push(letter);
      doubled.push(false);
      last = letter;
    } else if (previous === letter) doubled[doubled.length - 1] = true;
    previous = letter;
  }
  return { gaps, consonants, doubled };
}

/**
 * How a Latin word writes the vowels of an abjad word's reading of the same skeleton. The abjad writes long vowels with
 * و and ی (W, Y in its readings) and leaves the short ones out, so a و inside the word is an O, U or W in any Latin
 * spelling (MAHMOUD, MAHMUD, MEHMOOD: محمود; not MOHAMED), a ی inside it an I, E or Y (HUSAIN: حسین), and a ی ending it
 * one of those or the A Persian writes with it (AHMADI: احمدی, not AHMAD; ISA: عیسی). Before the first consonant only a
 * و or ی after the word's first letter is judged (ایوب, AYUB; the Maghreb's BRAHIM drops ابراهيم's first ا), and a
 * final و is not (عمرو, AMR); nor where the skeletons were not made alike (PH read P and H).
 * - LEFT_OUT: the Latin word leaves out a long vowel the abjad writes. Another name, unless the list dropped it
 *   (DABSKI: الدبيسكي), so its letters may still be alike.
 * - CONFLICT: the Latin word writes what the abjad word cannot be read as (AMEER: عمر; HAMID: احمد). Another name.
 */
export function vowelVerdict(abjadReading: string, latin: string): "AGREE" | "LEFT_OUT" | "CONFLICT" {
  const [a, l] = [vowelGaps(abjadReading), vowelGaps(latin)];
  if (a.length !== l.length) return "AGREE";
  // a word opening with an alef's vowel and none between its first two consonants (احسان, AHSAN) is read with that
  // vowel first: a Latin word that leaves it out and writes one between them instead is another name (HASAN: حسن;
  // HAMID: حامد, not احمد; KABIR: کبیر, not اکبر). Leaving it out before the cluster is the Maghreb's BRAHIM; ابن's
  // alef is one speech drops (BIN)
  const second = /^[AI][KSTDGZC]H/.test(abjadReading) ? 2 : 1; // the gap after a first consonant of two letters (ASHRAF)
  if (/^[AI](?!BN)/.test(abjadReading) && a[second] === "" && l[0] === "" && l[second] !== "") return "CONFLICT";
  // EE and OO, which Latin writes for the long vowels only, where the abjad writes none (AMEER is امیر, not عمر; MAHMOOD
  // محمود, not محمد). French OU stays unjudged: it writes a short U too (MOURAD: مراد)
  if (
    a.some(
      (gap, i) =>
        i > 0 && ((l[i]!.includes("EE") && !gap.includes("Y")) || (l[i]!.includes("OO") && !gap.includes("W"))),
    )
  )
    return "CONFLICT";
  // a long A that the Latin word writes as I (longAConflicts)
  if (longAConflicts(abjadReading, latin)) return "CONFLICT";
  // a Latin word ending in the long vowel OU, U or I after its last consonant ends as the abjad word writes it, with و,
  // ی, or ه read as a vowel (HAMMADOU is حمادو, not حامد; ZAHEDI زاهدی, not زاهد), but for ALLAH's genitive I, which
  // West Africa and Somalia keep (ABDULLAHI: عبدالله)
  if (a[a.length - 1] === "" && /^(OU|U|I)$/.test(l[l.length - 1]!) && !latin.endsWith("LLAHI")) return "CONFLICT";
  // a consonant the abjad writes twice, a long vowel between, is two consonants (جانان, JANAN), not one (JAN)
  if (twiceOver(abjadReading) > twiceOver(latin)) return "CONFLICT";
  // after the letter the word opens with, a و or ی before the first consonant is one Latin writes too (ایوب, AYUB:
  // not ABU)
  const opening = a[0]!.slice(1);
  if ((opening.includes("W") && !/[OUW]/.test(l[0]!)) || (opening.includes("Y") && !/[IEY]/.test(l[0]!)))
    return "LEFT_OUT";
  for (let i = 1; i < a.length; i++) {
    if (a[i]!.includes("W") && i < a.length - 1 && !/[OUW]/.test(l[i]!)) return "LEFT_OUT";
    if (a[i]!.includes("Y") && !(i < a.length - 1 ? /[IEY]/ : /[IEYA]/).test(l[i]!)) return "LEFT_OUT";
  }
  return "AGREE";
}
export const vowelsAgree = (abjadReading: string, latin: string) => vowelVerdict(abjadReading, latin) === "AGREE";
// a consonant of two letters (KH, SH, DH …) counted as one: ظاهر read DHAHR writes no H twice
const asOne = (word: string) => mapped(word).replace(/([KSTDGZC])H+/g, (_, c: string) => c.toLowerCase());
const twiceOver = (word: string) => asOne(word).match(/([^AEIOUYW])[AEIOUYW]+(?=\1)/g)?.length ?? 0;
// A long A written with ا between two consonants, which Latin writes A, or O and E as Central Asian, Persian and
// Turkish spellings do (NOSIR: ناصر; KEMAL: کمال), or U where the name is a foreign one Arabic wrote (ترامب: TRUMP):
// a Latin word writing only I there is another name (HAMID is حامد or حمید, not حماد). A consonant of two letters counts
// as one (ظاهر, DHAHR, against DAHIR). Not before L, where the alef may be the article's inside a joined name
// (ABDULQADIR); nor where the article's L the reading dropped before a sun letter, which Latin writes with that letter
// twice (بالدم, BADM as read: BIDDAM)
function longAConflicts(abjadReading: string, latin: string): boolean {
  const { gaps: a, consonants } = gapsAndConsonants(asOne(abjadReading));
  const { gaps: l, doubled } = gapsAndConsonants(asOne(latin));
  if (a.length !== l.length) return false;
  return a.some(
    (gap, i) =>
      i > 0 && i < a.length - 1 && gap === "A" && consonants[i] !== "L" && !doubled[i] && /^[IY]+$/.test(l[i]!),
  );
}

/**
 * How a word in Arabic letters opens, as every Latin spelling of it opens too: with ی or و, which open a word as the
 * consonants Y and W (YAQUB, IAKUB or JAKUB: یعقوب; WALI, OUALI or VALI: ولی), or with another consonant (ZUBAIDI:
 * زبيدي, not IZABAYO). Undefined for a letter Latin writes as a vowel or leaves out (ا, أ, إ, آ, ع, ء, ئ, ؤ, ى): ALI
 * and AISSA open with ع.
 */
export type ArabicOpening = "Y" | "W" | "CONSONANT" | "AND_THE";
// ء آ أ ؤ إ ئ ا ع ى
const OPENS_AS_VOWEL = "\u0621\u0622\u0623\u0624\u0625\u0626\u0627\u0639\u0649";
export function arabicOpening(word: string): ArabicOpening | undefined {
  const letters = [...word.normalize("NFKC")].filter((char) => !isMark(char) && char !== "\u0640" && char !== "\u200C");
  const first = letters[0];
  if (!first || !ARABIC[first] || OPENS_AS_VOWEL.includes(first)) return undefined;
  // و joined to the article is the conjunction, which Latin writes as a word, joined or not at all (والمسلمين: WA
  // AL-MUSLIMIN, WAL-MUSLIMIN, MUSLIMIN)
  if (letters.slice(0, 3).join("") === "\u0648\u0627\u0644") return "AND_THE";
  return first === "\u064A" || first === "\u06CC" ? "Y" : first === "\u0648" ? "W" : "CONSONANT";
}

// the article, which the reading leaves apart (الله: له, normalize.ts), opening a Latin spelling: a vowel and L, or a
// vowel and the sun letter it is assimilated to (ULLAH, ALRASHID, UDDIN, ESSEBSI)
const ARTICLE_OPENING = /^[AEU]L(?=[^AEIOUY])|^[AEU](TH|DH|SH|[TDRZSN])\1/;

/**
 * Does a Latin spelling open as a word in Arabic letters does (`arabicOpening`), or with the article? And the other
 * way: a Latin W or Y before a vowel opening it is the consonant و or ی writes (WALI is ولی, not علي).
 */
export function opensAlike(opening: ArabicOpening | undefined, latin: string): boolean {
  if (opening === "AND_THE" || ARTICLE_OPENING.test(latin)) return true;
  const semivowel = /^([WY])[AEIOU]/.exec(latin)?.[1];
  if (semivowel) return opening === semivowel;
  if (opening === undefined) return true;
  if (opening === "Y") return /^[YIEJ]/.test(latin);
  if (opening === "W") return /^[WOUV]/.test(latin);
  return !/^[AEIOU]/.test(latin);
}

// the article joined to the word as French spellings write it: AL or EL before the word (ELSSEID), or assimilated to
// its first letter, that letter doubled (ESSEBSI, ETTOUNSI, EDDINE)
const JOINED_ARTICLE = /^[AE]L(?=[A-Z]{3})|^[AE](?=(TH|DH|SH|[TDRZSN])\1)/;

/**
 * A Latin spelling of an Arabic name as French writes it (the Maghreb, the Sahel, Lebanon), spelt as the abjad's
 * readings would spell it: CH for ش (AKKACHA, ALOUCHE), C for the S of ص or س once Ç has lost its cedilla (FAYCAL),
 * the article joined to the word (ELSSEID, ESSEBSI). The token's own spelling is not among them; [] when none differs.
 */
export function maghrebiSpellings(token: string): string[] {
  let known = maghrebiCache.get(token);
  if (!known) {
    if (maghrebiCache.size >= 50_000) maghrebiCache.clear();
    const sh = token.replace(/(?<!S)CH/g, "SH");
    const forms = [sh, sh.replace(/C(?!K)/g, "S")];
    for (const form of [...forms]) forms.push(form.replace(JOINED_ARTICLE, ""));
    known = [...new Set(forms)].filter((form) => form !== token && form.length > 0);
    maghrebiCache.set(token, known);
  }
  return known;
}
// a screened name meets thousands of listed words, each screened many times
const maghrebiCache = new Map<string, string[]>();
