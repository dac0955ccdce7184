import { states } from "mrz";
import { describe, expect, it } from "vitest";
import { seededRandom } from "@/test/document-people";
import { checkDigit, type MrzFormat } from "./icao";
import { candidateOf } from "./mrz-candidates";
import { numberFormatOf } from "./number-formats";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";

// A zone read exactly as printed must come out of the repairs unchanged, whatever its state, layout and name: every
// code ICAO lists as issuer (and as nationality beside another), each layout (TD1, TD2, TD3, MRV-A, MRV-B), names
// long enough to be truncated as ICAO 9303-3 truncates them (the field ends in a letter), numbers shorter than
// their field, optional data. Found a given name cut to its initial ("…<PEREZ<<M") read as a filler.
// Left out, as documented trade-offs: an O inside a run of digits of a number whose state has no known format (read
// as 0 where the check digit cannot tell: number-formats.ts), and "IDFRA" in a TD2 (the old French card's layout).

const rng = seededRandom(20261207);
const pick = <T>(a: readonly T[]) => a[Math.floor(rng() * a.length)]!;
const pad = (s: string, n: number) => (s + "<".repeat(n)).slice(0, n);
const CODES = [...Object.keys(states).filter((c) => c !== "D"), "D<<"];
const SYLLABLES = ["AL", "BER", "CA", "DO", "EN", "FRA", "GU", "HO", "IS", "JA", "KO", "LU", "MA", "NO", "PE", "RO"];
const word = () => Array.from({ length: 1 + Math.floor(rng() * 4) }, () => pick(SYLLABLES)).join("");
const date = () =>
  [Math.floor(rng() * 100), 1 + Math.floor(rng() * 12), 1 + Math.floor(rng() * 28)]
    .map((n) => String(n).padStart(2, "0"))
    .join("");

function nameField(width: number): string {
  const surname = Array.from({ length: 1 + Math.floor(rng() * 4) }, word).join("<");
  const given = Array.from({ length: 1 + Math.floor(rng() * 3) }, word).join("<");
  let name = `${surname}<<${given}`;
  if (name.length > width) name = name.slice(0, width).replace(/<+$/, ""); // truncated: ends in a letter
  return pad(name, width);
}

function documentNumber(state: string, code: string): string {
  const slots = numberFormatOf(state, code)?.slots;
  const length = rng() < 0.2 ? 7 : 9;
  let value = "";
  for (let i = 0; i < length; i++) {
    const slot = slots?.[i];
    const letter = slot === "A" || (slot !== "9" && rng() < 0.3);
    const allowed = letter ? "ABCDEFGHJKLMNPRSTUVWXYZ" : "0123456789"; // no O: see above
    const set = slot && slot.length > 1 ? [...allowed].filter((c) => slot.includes(c)).join("") || slot : allowed;
    value += pick([...set]);
  }
  return pad(value, 9);
}

function zone(format: MrzFormat, visa: boolean, issuing: string, nationality: string): string[] {
  const [sex, birth, expiry] = [pick(["M", "F", "X", "<"]), date(), date()];
  const digits = (n: number) => String(Math.floor(rng() * 10 ** n));
  if (format === "TD1") {
    const code = pick(["I<", "ID", "IR", "AR", "C1"]);
    const number = documentNumber(issuing.replace(/</g, ""), code);
    const first = `${code}${issuing}${number}${checkDigit(number)}${pad(rng() < 0.5 ? "" : digits(9), 15)}`;
    const second = `${birth}${checkDigit(birth)}${sex}${expiry}${checkDigit(expiry)}${nationality}${pad(rng() < 0.7 ? "" : digits(6), 11)}`;
    const composite = checkDigit(first.slice(5) + second.slice(0, 7) + second.slice(8, 15) + second.slice(18));
    return [first, second + composite, nameField(30)];
  }
  const width = format === "TD3" ? 44 : 36;
  const code = visa ? pick(["V<", "VD"]) : format === "TD3" ? pick(["P<", "PD", "PO"]) : pick(["I<", "ID", "AR"]);
  const number = documentNumber(issuing.replace(/</g, ""), code);
  const first = `${code}${issuing}${nameField(width - 5)}`;
  const head = `${number}${checkDigit(number)}${nationality}${birth}${checkDigit(birth)}${sex}${expiry}${checkDigit(expiry)}`;
  if (visa) return [first, pad(head + (rng() < 0.5 ? "" : digits(6)), width)];
  const optional = pad(rng() < 0.6 ? "" : digits(format === "TD3" ? 9 : 6), format === "TD3" ? 14 : 7);
  const body =
    format === "TD3" ? head + optional + (/^<+$/.test(optional) ? "<" : checkDigit(optional)) : head + optional;
  return [first, body + checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21))];
}

describe("a zone read exactly as printed", () => {
  it("is left as printed by every repair, for every ICAO code, layout and name length", () => {
    const changed: string[] = [];
    for (const issuing of CODES) {
      for (let k = 0; k < 8; k++) {
        const format = pick<MrzFormat>(["TD1", "TD2", "TD3"]);
        const visa = format !== "TD1" && rng() < 0.25;
        if (format === "TD2" && !visa && issuing === "FRA") continue;
        const lines = zone(format, visa, pad(issuing, 3), pad(rng() < 0.6 ? issuing : pick(CODES), 3));
        const c = candidateOf("clean", lines.join("\n"), 90, printedZone([]));
        if (c?.lines.join("\n") !== lines.join("\n"))
          changed.push(`${lines.join(" / ")} → ${c?.lines.join(" / ")} (${c?.repairs.join("; ")})`);
      }
    }
    expect(changed).toEqual([]);
  });
});
