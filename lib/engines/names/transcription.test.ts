import { describe, expect, it } from "vitest";
import { normalizeName } from "@/lib/engines/names/normalize";
import { nameSimilarity, STRONG_MATCH_THRESHOLD, DEFAULT_WATCHLIST_THRESHOLD } from "@/lib/engines/names/score";
import { foreignName, foreignNameParts, latinSkeleton, pinyinSkeleton } from "@/lib/engines/names/transcription";
import { blocks } from "@/test/name-pairs";

const score = (query: string, listed: string) => nameSimilarity(normalizeName(query), normalizeName(listed));

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
      // J before I for a Russian soft Т or Д, and an X written out as KS
      ["弗拉基米尔·普京", "Vladimir Putin"],
      ["阿列克谢·纳瓦利内", "Alexei Navalny"],
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
    expect(score("弗拉基米尔·普京", "Vladimir Petrov").score).toBeLessThan(DEFAULT_WATCHLIST_THRESHOLD);
    expect(score("阿列克谢·纳瓦利内", "Alexei Novikov").score).toBeLessThan(DEFAULT_WATCHLIST_THRESHOLD);
  });

  it("do not change how a Chinese name without the dot is compared", () => {
    expect(score("习近平", "Xi Jinping").pairs.every((p) => p.reason !== "TRANSCRIPTION")).toBe(true);
    expect(score("习近平", "Xi Jinping").score).toBeGreaterThanOrEqual(STRONG_MATCH_THRESHOLD);
  });
});

describe("foreign names written in katakana or Hangul", () => {
  it("are read part by part: katakana always, Hangul when not shaped like a Korean name", () => {
    expect(foreignName("ドナルド・トランプ")).toEqual({ system: "KANA", parts: ["DONARUDO", "TORANPU"] });
    expect(foreignName("도널드 트럼프")).toEqual({ system: "HANGUL", parts: ["DONEOLDEU", "TEUREOMPEU"] });
    expect(foreignName("김정은")).toBeNull();
    expect(foreignName("김 정은")).toBeNull();
    expect(foreignName("남궁 민수")).toBeNull();
  });

  it("find the Latin name as a possible match through the sounds (they scored 0 to 0.25 before)", () => {
    for (const [written, latin] of [
      ["ドナルド・トランプ", "Donald Trump"],
      ["ウラジーミル・プーチン", "Vladimir Putin"],
      ["アンゲラ・メルケル", "Angela Merkel"],
      ["도널드 트럼프", "Donald Trump"],
      ["블라디미르 푸틴", "Vladimir Putin"],
    ] as const) {
      const s = score(written, latin);
      expect(s.score, `${written} / ${latin}`).toBeGreaterThanOrEqual(DEFAULT_WATCHLIST_THRESHOLD);
      expect(s.pairs.some((p) => p.reason === "TRANSCRIPTION")).toBe(true);
      expect(blocks(written, latin), `${written} / ${latin} blocking`).toBe(true);
    }
  });

  it("leave other people with a similar sound in one part alone", () => {
    expect(score("ドナルド・トランプ", "David Tromp").score).toBeLessThan(DEFAULT_WATCHLIST_THRESHOLD);
    expect(score("도널드 트럼프", "Ronald Reagan").score).toBeLessThan(DEFAULT_WATCHLIST_THRESHOLD);
    expect(score("블라디미르 푸틴", "Vladimir Petrov").score).toBeLessThan(DEFAULT_WATCHLIST_THRESHOLD);
  });
});
