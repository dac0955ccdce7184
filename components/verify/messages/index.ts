import compile from "icu-minify/compile";
import { ar } from "@/components/verify/messages/ar";
import { de } from "@/components/verify/messages/de";
import { en, type Messages } from "@/components/verify/messages/en";
import { es } from "@/components/verify/messages/es";
import { fr } from "@/components/verify/messages/fr";
import { it } from "@/components/verify/messages/it";
import { nl } from "@/components/verify/messages/nl";
import { pl } from "@/components/verify/messages/pl";
import { pt } from "@/components/verify/messages/pt";
import { tr } from "@/components/verify/messages/tr";
import { LANGUAGES, isLanguage, type Language } from "@/components/verify/languages";

// Server side only (app/verify/page.tsx and tests): every language is here, and the page hands the browser the
// ONE language it renders, compiled. A client component importing this file would ship all ten.

// Add a language: a file of the same shape as en.ts, listed here and in languages.ts.
const MESSAGES: Record<Language, Messages> = { en, es, fr, de, it, pt, nl, pl, tr, ar };

export { LANGUAGES };

/** `?lang=` when supported, else the browser's preference (Accept-Language, by weight), else English. */
export function pickLanguage(requested: string | undefined, acceptLanguage: string | null): Language {
  const supported = (tag: string | undefined) => {
    const base = tag?.trim().toLowerCase().split("-")[0];
    return isLanguage(base) ? base : null;
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

export function messagesFor(language: Language): Messages {
  return MESSAGES[language] ?? en;
}

type Compiled = ReturnType<typeof compile> | { [key: string]: Compiled };
const compiledCache = new Map<Language, Messages>();

/**
 * The language's messages with every ICU text compiled ahead of time (icu-minify, next-intl's own precompiler):
 * the browser then formats with use-intl's small `format-only` runtime (next.config.mjs aliases it) instead of
 * shipping the ICU parser. The shape and keys stay those of `Messages`, so the type is kept for next-intl.
 */
export function compiledMessagesFor(language: Language): Messages {
  let compiled = compiledCache.get(language);
  if (!compiled) {
    const walk = (value: unknown): Compiled =>
      typeof value === "string"
        ? compile(value)
        : Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, walk(v)]));
    // icu-minify builds plural branches on null-prototype objects, which React refuses to pass to a client
    // component: a JSON round trip makes them plain
    compiled = JSON.parse(JSON.stringify(walk(messagesFor(language)))) as Messages;
    compiledCache.set(language, compiled);
  }
  return compiled;
}
