import { ABJAD } from "@/lib/engines/names/roman-words";

// The Arabic definite article in a name, however it is written, set apart as a word of its own before the name's
// words are read (normalize.ts): written joined in Arabic letters, assimilated to the next word in Latin or Cyrillic.

// the Arabic definite article is written joined to the word (الرشيد = al-Rashid): lists write it apart or not at all
const ARABIC_ARTICLE = /(^|\s)\u0627\u0644(?=\S{2,})/gu;
// ...except after ABD, ABU and DHU, where Latin spellings carry it in the first word (عبد الرحمن = Abdul Rahman, Abdel
// Rahman, Abdurrahman; ذو الفقار = Zulfiqar, Dhu al-Fiqar): the two words are read as one, which the alignment
// compares with the Latin words joined
const ARABIC_COMPOUND = /(^|\s)(\u0639\u0628\u062F|[\u0627\u0623]\u0628\u0648|\u0630\u0648)\s+(?=\u0627\u0644\S{2,})/gu;
// ALLAH after the article was taken off (الله → له)
export const ALLAH = /^\u0644\u0644?\u0647$/u;
// the Arabic article assimilated to a "sun letter" as Latin spellings write it, joined by a hyphen to a word that
// starts with that letter (az-Zawahiri, ash-Shabaab, ar-Rahman, Zaki-ur-Rehman, ud-Din): the article AL (al-Zawahiri)
const ASSIMILATED_ARTICLE = /(^|[\s(\-\u2010\u2011])[aeu](th|dh|sh|[tdrzsn])[-\u2010\u2011](?=\2)/giu;
// ...and as Russian writes it (аз-Завахири, ас-Сиси, ад-Дин, аш-Шабааб): аль- (аль-Завахири)
const CYRILLIC_ASSIMILATED_ARTICLE = /(^|[\s(\-\u2010\u2011])[аэеу]([тдрзсшн])[-\u2010\u2011](?=\2)/giu;

/**
 * The name's text with its Arabic article apart (الرشيد → رشيد, az-Zawahiri → al-Zawahiri, аз-Завахири →
 * аль-Завахири).
 */
export function withArticleApart(text: string): string {
  const apart = ABJAD.test(text) ? text.replace(ARABIC_COMPOUND, "$1$2").replace(ARABIC_ARTICLE, "$1") : text;
  return apart.replace(ASSIMILATED_ARTICLE, "$1al-").replace(CYRILLIC_ASSIMILATED_ARTICLE, "$1аль-");
}
