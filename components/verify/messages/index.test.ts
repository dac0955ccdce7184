import { TYPE, parse, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { LANGUAGES, directionOf } from "@/components/verify/languages";
import { compiledMessagesFor, messagesFor, pickLanguage } from "@/components/verify/messages";
import { en } from "@/components/verify/messages/en";

describe("pickLanguage", () => {
  it("prefers a supported ?lang=, then Accept-Language by weight, then English", () => {
    expect(pickLanguage("es", "en-US,en;q=0.9")).toBe("es");
    expect(pickLanguage("ES-mx", null)).toBe("es");
    expect(pickLanguage("zz", "ja-JP,de;q=0.8,en;q=0.5")).toBe("de");
    expect(pickLanguage(undefined, "en;q=0.4, es-AR;q=0.9")).toBe("es");
    expect(pickLanguage(undefined, "es;q=0, en;q=0.1")).toBe("en");
    expect(pickLanguage(undefined, "fr-FR")).toBe("fr");
    expect(pickLanguage(undefined, "pt-BR,pt;q=0.9")).toBe("pt");
    expect(pickLanguage("ar", "en")).toBe("ar");
    expect(pickLanguage(undefined, "ja-JP,zh;q=0.9")).toBe("en");
    expect(pickLanguage(undefined, null)).toBe("en");
  });

  it("writes Arabic right to left and every other language left to right", () => {
    expect(LANGUAGES.filter((l) => directionOf(l) === "rtl")).toEqual(["ar"]);
  });
});

function leaves(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, path ? `${path}.${key}` : key),
  );
}

type Argument = { name: string; kind: "plain" | "plural" | "select" | "other"; branches: string[] };

/** Every ICU argument of a message, with its kind and its plural/select branches (nested ones included). */
function argumentsOf(elements: MessageFormatElement[]): Argument[] {
  return elements.flatMap((element): Argument[] => {
    if (element.type === TYPE.argument) return [{ name: element.value, kind: "plain", branches: [] }];
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const nested = Object.values(element.options).flatMap((option) => argumentsOf(option.value));
      const kind = element.type === TYPE.plural ? "plural" : "select";
      return [{ name: element.value, kind, branches: Object.keys(element.options) }, ...nested];
    }
    if (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time)
      return [{ name: element.value, kind: "other", branches: [] }];
    return [];
  });
}

const signature = (args: Argument[]) => [...new Set(args.map((a) => `${a.name}:${a.kind}`))].sort();

/** The plural categories a language actually uses for the counts this page shows (0–200). */
function categoriesInUse(lang: string): string[] {
  const rules = new Intl.PluralRules(lang);
  return [...new Set(Array.from({ length: 201 }, (_, n) => rules.select(n)))].sort();
}

const english = leaves(en);

describe("translations", () => {
  it("ships ten languages", () => {
    expect(LANGUAGES).toEqual(["en", "es", "fr", "de", "it", "pt", "nl", "pl", "tr", "ar"]);
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))("%s has every English key, and no other", (lang) => {
    const translated = new Map(leaves(messagesFor(lang)));
    const missing = english.map(([key]) => key).filter((key) => !translated.has(key));
    expect(missing, `${lang} lacks these keys`).toEqual([]);
    const extra = [...translated.keys()].filter((key) => !english.some(([k]) => k === key));
    expect(extra, `${lang} has keys English does not`).toEqual([]);
    for (const [key, text] of translated) expect(text.trim(), `${lang} ${key} is empty`).not.toBe("");
  });

  it.each(LANGUAGES)("%s: every text is valid ICU with English's arguments and its own plural forms", (lang) => {
    const translated = new Map(leaves(messagesFor(lang)));
    const needed = categoriesInUse(lang);
    for (const [key, source] of english) {
      const text = translated.get(key);
      if (text === undefined) continue; // reported by the test above
      let args: Argument[] = [];
      expect(() => (args = argumentsOf(parse(text))), `${lang} ${key} is not valid ICU`).not.toThrow();
      expect(signature(args), `${lang} ${key}: arguments differ from English`).toEqual(
        signature(argumentsOf(parse(source))),
      );
      for (const plural of args.filter((a) => a.kind === "plural")) {
        const missingForms = needed.filter((category) => !plural.branches.includes(category));
        expect(missingForms, `${lang} ${key}: plural {${plural.name}} lacks forms`).toEqual([]);
        expect(plural.branches, `${lang} ${key}`).toContain("other");
      }
    }
  });

  it("formats with next-intl, plurals chosen by each language's rules", () => {
    const format = (lang: (typeof LANGUAGES)[number], seconds: number) =>
      createTranslator({ locale: lang, messages: messagesFor(lang), namespace: "email" })("resendIn", { seconds });
    expect(format("en", 1)).toBe("You can ask for a new code in 1 second.");
    expect(format("en", 30)).toBe("You can ask for a new code in 30 seconds.");
    expect(format("pl", 2)).toContain("2 sekundy");
    expect(format("pl", 5)).toContain("5 sekund.");
    expect(format("pl", 22)).toContain("22 sekundy");
    expect(format("ar", 2)).toContain("ثانيتين");
    expect(format("ar", 5)).toContain("5 ثوانٍ");
    expect(format("ar", 11)).toContain("11 ثانية");
    expect(format("fr", 1)).toContain("1 seconde.");
  });

  it("the consent screen's retention period agrees with its number (1 day, 2 days)", () => {
    const retention = (lang: (typeof LANGUAGES)[number], days: number) =>
      createTranslator({ locale: lang, messages: messagesFor(lang), namespace: "consent" })("retentionDays", {
        account: "Acme",
        days,
      });
    expect(retention("en", 1)).toBe("Acme deletes your personal data 1 day after the verification is finished.");
    expect(retention("en", 30)).toContain(" 30 days ");
    expect(retention("de", 1)).toContain(" 1 Tag ");
    expect(retention("fr", 1)).toContain(" 1 jour ");
    expect(retention("pl", 1)).toContain(" 1 dzień ");
    expect(retention("pl", 5)).toContain(" 5 dni ");
    expect(retention("ar", 2)).toContain("يومين");
    expect(retention("ar", 5)).toContain("5 أيام");
    expect(retention("ar", 30)).toContain("30 يومًا");
  });

  it("every text formats in every language without an error or a leftover placeholder", () => {
    const values = {
      seconds: 3,
      minutes: 2,
      count: 5,
      max: 200,
      current: 1,
      total: 4,
      account: "Acme",
      days: 30,
      done: 2,
    };
    const more = { email: "a@b.co", example: "10118", metres: 12, types: "JPEG, PNG", size: 15 };
    for (const lang of LANGUAGES) {
      const t = createTranslator({
        locale: lang,
        messages: messagesFor(lang),
        onError: (error) => {
          throw error;
        },
      });
      for (const [key] of english) {
        const text = t(key as Parameters<typeof t>[0], { ...values, ...more });
        expect(text, `${lang} ${key}`).not.toMatch(/[{}]/);
      }
    }
  });

  it("hands the browser one language, compiled, with the same keys", () => {
    const compiled = compiledMessagesFor("de");
    expect(compiled.common.continue).toBe("Weiter");
    expect(Array.isArray(compiled.email.resendIn)).toBe(true);
    expect(Object.keys(compiled)).toEqual(Object.keys(en));
    expect(JSON.stringify(compiled)).not.toContain(':"Continue');
    // React passes only plain objects from a server component to a client one
    const prototypes = new Set<unknown>();
    const visit = (value: unknown) => {
      if (typeof value !== "object" || value === null) return;
      if (!Array.isArray(value)) prototypes.add(Object.getPrototypeOf(value));
      Object.values(value).forEach(visit);
    };
    visit(compiled);
    expect([...prototypes]).toEqual([Object.prototype]);
  });
});
