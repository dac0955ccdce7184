import { describe, expect, it } from "vitest";
import { consonantSkeleton, normalizeName } from "@/lib/engines/names/normalize";
import { entryPhoneticKeys, queryPhoneticKeys } from "@/lib/engines/names/phonetic";

const key = (name: string) => normalizeName(name).key;

describe("normalizeName", () => {
  it("transliterates Cyrillic, Greek and Latin diacritics to the same ASCII tokens", () => {
    expect(key("Иван Петрович Сидоров")).toBe("IVAN PETROVICH SIDOROV");
    expect(key("José Müller")).toBe("JOSE MULLER");
    expect(key("Łukasz Żółć")).toBe("LUKASZ ZOLC");
    expect(key("Νικόλαος")).toBe("NIKOLAOS");
  });

  it("sorts tokens, so the order a list writes a name in does not matter", () => {
    expect(key("SIDOROV, Ivan Petrovich")).toBe(key("Ivan Petrovich Sidorov"));
    expect(normalizeName("Sidorov Ivan").tokens).toEqual(["IVAN", "SIDOROV"]);
  });

  it("drops punctuation, titles, particles and initials; joins apostrophes", () => {
    expect(key("Dr. Mary-Jane O'Brien, Jr.")).toBe("JANE MARY OBRIEN");
    expect(key("AL-RASHID, Sheikh Khalid")).toBe("KHALID RASHID");
    expect(key("Ludwig van Beethoven")).toBe("BEETHOVEN LUDWIG");
    expect(key("John F. Kennedy")).toBe("JOHN KENNEDY");
  });

  it("keeps a name made only of particles or titles rather than erase it", () => {
    expect(key("Van Der")).toBe("DER VAN");
    expect(key("Le Van Thanh")).toBe("LE THANH");
  });

  it("marks abjad names and drops the joined Arabic article before transliterating", () => {
    const arabic = normalizeName("خالد محمد الرشيد");
    expect(arabic.isAbjad).toBe(true);
    expect(arabic.tokens).toEqual(["KHLD", "MHMD", "RSHYD"]);
    expect(normalizeName("Khalid").isAbjad).toBe(false);
  });

  it("splits the CamelCase syllables any-ascii writes for Han and Hangul", () => {
    expect(key("金正恩")).toBe("EN JIN ZHENG");
    expect(normalizeName("김정은").tokens).toContain("JEONG");
  });

  it("answers no tokens for a name with no letters", () => {
    expect(normalizeName(" .,- ").tokens).toEqual([]);
  });
});

describe("consonant skeletons and phonetic keys", () => {
  it("reduce vowel-less abjad transliterations and their Latin spellings to the same skeleton", () => {
    expect(consonantSkeleton("KHALID")).toBe(consonantSkeleton("KHLD"));
    expect(consonantSkeleton("MOHAMMED")).toBe(consonantSkeleton("MHMD"));
    expect(consonantSkeleton("RASHID")).toBe(consonantSkeleton("RSHYD"));
  });

  it("give spelling variants a shared blocking key", () => {
    const overlap = (a: string, b: string) => {
      const keys = new Set(entryPhoneticKeys([normalizeName(b)]));
      return queryPhoneticKeys(normalizeName(a)).some((k) => keys.has(k));
    };
    expect(overlap("Moammar Qadhafi", "GADDAFI, Muammar")).toBe(true);
    expect(overlap("Иван Сидоров", "Ivan SYDOROV")).toBe(true);
    expect(overlap("خالد محمد الرشيد", "AL-RASHID, Khalid Mohammed")).toBe(true);
    expect(overlap("Anna Eriksson", "GADDAFI, Muammar")).toBe(false);
  });

  it("store skeletons prefixed so they never collide with a metaphone code", () => {
    const keys = entryPhoneticKeys([normalizeName("Khalid Rashid")]);
    expect(keys).toEqual(expect.arrayContaining(["KLT", "RXT", "~KHLD", "~RSHD"]));
  });
});
