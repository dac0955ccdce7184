import { describe, expect, it } from "vitest";
import { en } from "@/components/verify/messages/en";
import { LANGUAGES, messagesFor, pickLanguage } from "@/components/verify/messages";

describe("pickLanguage", () => {
  it("prefers a supported ?lang=, then Accept-Language by weight, then English", () => {
    expect(pickLanguage("es", "en-US,en;q=0.9")).toBe("es");
    expect(pickLanguage("ES-mx", null)).toBe("es");
    expect(pickLanguage("zz", "de-DE,es;q=0.8,en;q=0.5")).toBe("es");
    expect(pickLanguage(undefined, "en;q=0.4, es-AR;q=0.9")).toBe("es");
    expect(pickLanguage(undefined, "es;q=0, en;q=0.1")).toBe("en");
    expect(pickLanguage(undefined, "fr-FR")).toBe("en");
    expect(pickLanguage(undefined, null)).toBe("en");
  });
});

/** Every key of English, in every language, with the same {placeholders}. */
function leaves(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, path ? `${path}.${key}` : key),
  );
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  it.each(LANGUAGES.filter((l) => l !== "en"))("%s has every English text with the same placeholders", (lang) => {
    const translated = new Map(leaves(messagesFor(lang)));
    for (const [key, english] of leaves(en)) {
      expect(translated.has(key), `${lang} lacks ${key}`).toBe(true);
      expect(placeholders(translated.get(key)!), `${lang} ${key}`).toEqual(placeholders(english));
    }
  });
});
