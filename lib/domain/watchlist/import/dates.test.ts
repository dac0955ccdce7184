import { describe, expect, it } from "vitest";
import { parseListedDate } from "@/lib/domain/watchlist/import/dates";

describe("parseListedDate", () => {
  it.each([
    ["1961-04-02", ["1961-04-02"]],
    ["1961-04-02T00:00:00", ["1961-04-02"]],
    ["1961-04", ["1961-04"]],
    ["1961", ["1961"]],
    ["02 Apr 1961", ["1961-04-02"]],
    ["2 APR 1961", ["1961-04-02"]],
    ["Dec 1980", ["1980-12"]],
    ["circa 1970", ["1970"]],
    ["Approximately 1970", ["1970"]],
    ["1972 to 1974", ["1972", "1973", "1974"]],
    ["between 1952 and 1953", ["1952", "1953"]],
  ])("reads %s", (raw, expected) => {
    expect(parseListedDate(raw)).toEqual(expected);
  });

  it("drops what it cannot read rather than guess (a misread date would be a false conflict)", () => {
    for (const raw of ["", "unknown", "02/04/1961", "13 Foo 1961", "1900 to 1990", "1975 to 1970", null, undefined]) {
      expect(parseListedDate(raw)).toEqual([]);
    }
  });
});
