import { describe, expect, it } from "vitest";
import { normalizeName } from "@/lib/engines/names/normalize";
import { entryPhoneticKeys, queryPhoneticKeys } from "@/lib/engines/names/phonetic";
import { nameSimilarity, STRONG_MATCH_THRESHOLD, DEFAULT_WATCHLIST_THRESHOLD } from "@/lib/engines/names/score";
import { foreignNameParts, latinSkeleton, pinyinSkeleton } from "@/lib/engines/names/transcription";

const score = (query: string, listed: string) => nameSimilarity(normalizeName(query), normalizeName(listed));
const blocks = (query: string, listed: string) => {
  const keys = new Set(entryPhoneticKeys([normalizeName(listed)]));
  return queryPhoneticKeys(normalizeName(query)).some((k) => keys.has(k));
};

describe("foreign names written in Chinese characters", () => {
  it("are read part by part only when written with the foreign-name dot", () => {
    expect(foreignNameParts("唐纳德·特朗普")).toEqual(["TANGNADE", "TELANGPU"]);
    expect(foreignNameParts("谢尔盖・拉夫罗夫")).toEqual(["XIEERGAI", "LAFULUOFU"]);
    expect(foreignNameParts("习近平")).toBeNull();
    expect(foreignNameParts("Donald·Trump")).toBeNull();
  });

  it("reduce Pinyin and Latin spellings of the same sounds to one skeleton", () => {
    expect(pinyinSkeleton("TELANGPU")).toBe(latinSkeleton("TRUMP"));
    expect(pinyinSkeleton("LAFULUOFU")).toBe(latinSkeleton("LAVROV"));
    expect(pinyinSkeleton("MAKELONG")).toBe(latinSkeleton("MACRON"));
  });

  it("find the Latin name as a possible match, never a strong one", () => {
    for (const [han, latin] of [
      ["唐纳德·特朗普", "Donald Trump"],
      ["谢尔盖·拉夫罗夫", "Sergei Lavrov"],
      ["埃马纽埃尔·马克龙", "Emmanuel Macron"],
    ] as const) {
      const s = score(han, latin);
      expect(s.score, `${han} / ${latin}`).toBeGreaterThanOrEqual(DEFAULT_WATCHLIST_THRESHOLD);
      expect(s.score).toBeLessThan(STRONG_MATCH_THRESHOLD);
      expect(s.pairs.some((p) => p.reason === "TRANSCRIPTION")).toBe(true);
      expect(blocks(han, latin), `${han} / ${latin} blocking`).toBe(true);
    }
  });

  it("leave other people with a similar sound in one part alone", () => {
    expect(score("唐纳德·特朗普", "David Tromp").score).toBeLessThan(DEFAULT_WATCHLIST_THRESHOLD);
    expect(score("安格拉·默克尔", "Anna Miller").score).toBeLessThan(DEFAULT_WATCHLIST_THRESHOLD);
    expect(score("谢尔盖·拉夫罗夫", "Sergio Lopez").score).toBeLessThan(DEFAULT_WATCHLIST_THRESHOLD);
  });

  it("do not change how a Chinese name without the dot is compared", () => {
    expect(score("习近平", "Xi Jinping").pairs.every((p) => p.reason !== "TRANSCRIPTION")).toBe(true);
    expect(score("习近平", "Xi Jinping").score).toBeGreaterThanOrEqual(STRONG_MATCH_THRESHOLD);
  });
});
