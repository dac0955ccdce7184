import { en, type Messages } from "@/components/verify/messages/en";
import { es } from "@/components/verify/messages/es";

// The page's languages. Add one: a file of the same shape as en.ts, listed here.
const MESSAGES: Record<string, Messages> = { en, es };

export const LANGUAGES = Object.keys(MESSAGES);

/** `?lang=` when supported, else the browser's preference (Accept-Language, by weight), else English. */
export function pickLanguage(requested: string | undefined, acceptLanguage: string | null): string {
  const supported = (tag: string | undefined) => {
    const base = tag?.trim().toLowerCase().split("-")[0];
    return base && MESSAGES[base] ? base : null;
  };
  const fromQuery = supported(requested);
  if (fromQuery) return fromQuery;
  const preferences = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((p) => p.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const preference of preferences) {
    const match = supported(preference.tag);
    if (match) return match;
  }
  return "en";
}

export function messagesFor(language: string): Messages {
  return MESSAGES[language] ?? en;
}
