import { consonantSkeleton, opensAlike } from "@/lib/engines/names/abjad";
import { isBusinessWordInEnglish } from "@/lib/engines/names/arabic-business-words";
import type { NameToken } from "@/lib/engines/names/normalize";
import { single, type Span } from "@/lib/engines/names/spans";

// A word read from Arabic letters against Latin words (token-similarity.ts): which spellings may meet by skeleton, and
// how near a skeleton counts.

/** A word read from Arabic letters against Latin words, one or a run. */
export const readFromArabic = (span: Span, latin: Span) =>
  span.tokens.every((t) => t.isArabic) && latin.tokens.every((t) => t.script === "LATIN");

/**
 * A word read as the English word it means (الاتحاد: UNION) meets by skeleton only as its letters read (ATHAD): the
 * English word's skeleton is no reading of them (UNION's N is IN's).
 */
export const asRead = (span: Span, forms: readonly string[]) =>
  single(span)?.isTranslated ? forms.filter((form) => !isBusinessWordInEnglish(form)) : forms;

/** The other English word a word read as English is written as (مقاتلة: FIGHTING, COMBATANT). */
export const inOtherWords = (token: NameToken | null, text: string) =>
  !!token?.isTranslated && token.alts.includes(text) && isBusinessWordInEnglish(text);

/**
 * An abjad word's reading opening with H and no vowel after it (حقانی, HQANY) coded with one: its H is ح or ه,
 * sounded, which a phonetic code drops before a consonant (HQANY and KONY would both be KN).
 */
export const coded = (span: Span, forms: readonly string[]) =>
  single(span)?.script === "ABJAD" ? forms.map((form) => form.replace(/^H(?![AEIOUYW])/, "HA")) : forms;

/** The Latin side's spellings that open as the Arabic name word, or a run's first, does (abjad.ts `arabicOpening`). */
export const opensAs = (arabic: Span | null) => {
  const word = arabic?.tokens[0];
  return word?.role === "NAME"
    ? (forms: readonly string[]) => forms.filter((form) => opensAlike(word.opening, form))
    : (forms: readonly string[]) => forms;
};

const RUN_NEAR_MIN = 4;
// a run of abjad words one of which is a single consonant (علي, L): a letter more or less may be all of that word
const hasOneLetterWord = (span: Span) =>
  span.tokens.length > 1 && span.tokens.some((t) => t.script === "ABJAD" && consonantSkeleton(t.text).length < 2);

/**
 * How near two spans' skeletons are, by `spelling` for two words. A run of words and one word meet by a near skeleton
 * only where one has a letter more at its start or end, or an article's L, which one side writes and the other's
 * reading left out, and is long enough that a letter is not a word's worth (محمدعبد, MHMDBD, against MOHAMMAD ABDUL,
 * MHMDBDL; صلاح الدين, SLHDN, against SALAHALDIN, SLHLDN; not خالد, KHLD, against YU CHOL U, KHL, nor علي ما يشو,
 * LMSHF, against ELSHAFEE, LSHF); and never where the letter more may be a whole word of the run (سليمان علي, SLMNL,
 * against SOLEYMANI, SLMN; but محمد الله, MHMDL as a list wrote it with its ه lost, against MOHAMMADULLAH, MHMDLH).
 * Two words one of whose skeletons is the other's with an M before it are two names of one root, the M the
 * participle's (مسلم, MUSLIM, and SALIM; محسن, MUHSIN, and HASAN; منصور, MANSUR, and NASR): not near.
 */
export function nearSkeleton(a: Span, b: Span, spelling: (x: string, y: string) => number) {
  if (a.tokens.length === 1 && b.tokens.length === 1)
    return (x: string, y: string) => (x === `M${y}` || y === `M${x}` ? 0 : spelling(x, y));
  const [slightA, slightB] = [hasOneLetterWord(a), hasOneLetterWord(b)];
  return (x: string, y: string) => {
    if ((slightA && x.length > y.length) || (slightB && y.length > x.length)) return 0;
    const [short, long] = x.length < y.length ? [x, y] : [y, x];
    const oneMore = long.length === short.length + 1;
    const atAnEdge = long.startsWith(short) || long.endsWith(short);
    const anArticle = [...long].some((c, i) => c === "L" && long.slice(0, i) + long.slice(i + 1) === short);
    return short.length >= RUN_NEAR_MIN && oneMore && (atAnEdge || anArticle) ? spelling(x, y) : 0;
  };
}
