import { describe, expect, it } from "vitest";
import { DEFAULT_WATCHLIST_THRESHOLD as T, STRONG_MATCH_THRESHOLD } from "@/lib/engines/names/score";
import { blocks, similarity } from "@/test/name-pairs";

describe("Han names in Cantonese, as Hong Kong writes them", () => {
  // Hong Kong names as lists write them, written for this test from general knowledge; before the Cantonese reading
  // five of them scored 0 to 0.37 (read in Mandarin Pinyin and Sino-Korean only: LIN ZHENG YUE E against LAM CHENG
  // YUET NGOR), and 李家超 0.91 by chance of its Sino-Korean reading
  it.each([
    ["李家超", "LEE Ka-chiu"],
    ["林鄭月娥", "LAM CHENG Yuet-ngor"],
    ["鄧炳強", "TANG Ping-keung"],
    ["梁振英", "LEUNG Chun-ying"],
    ["曾蔭權", "TSANG Yam-kuen"],
    ["張國榮", "CHEUNG Kwok-wing"],
  ])("%s ~ %s, both ways, findable", (han, latin) => {
    expect(similarity(han, latin)).toBeGreaterThanOrEqual(STRONG_MATCH_THRESHOLD);
    expect(similarity(latin, han)).toBeGreaterThanOrEqual(STRONG_MATCH_THRESHOLD);
    expect(blocks(han, latin)).toBe(true);
    expect(blocks(latin, han)).toBe(true);
  });

  it("keeps the Mandarin reading and other people apart", () => {
    expect(similarity("李家超", "LI Jiachao")).toBe(1);
    expect(similarity("習近平", "Xi Jinping")).toBe(1);
    // same surname and one given syllable, the other differs: another person
    expect(similarity("李家超", "LEE Ka-kit")).toBeLessThan(T);
    expect(similarity("陳國強", "CHAN Kwok-wing")).toBeLessThan(T);
    // two written names that read alike stay apart (compared as written)
    expect(similarity("高石早苗", "高市早苗")).toBeLessThan(T);
  });
});
