// The hosted page's languages: codes, names in their own language, and writing direction. Small and free of
// messages, so the language menu (a client component) can import it without pulling any translation into JS.

export const LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "nl", "pl", "tr", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name for itself: a reader who cannot read the current language still finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  pt: "Português",
  nl: "Nederlands",
  pl: "Polski",
  tr: "Türkçe",
  ar: "العربية",
};

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(["ar"]);

export function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? "");
}

export function directionOf(language: Language): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
}
