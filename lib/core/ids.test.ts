import { describe, expect, it } from "vitest";
import { NotFoundError } from "@/lib/core/errors";
import { idOrNotFound, isUuid, uuidv7 } from "@/lib/core/ids";

describe("uuidv7", () => {
  it("writes RFC 9562 version 7 ids that sort by time", () => {
    const id = uuidv7(Date.UTC(2026, 10, 22));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id.slice(0, 13).replace("-", "")).toBe(Date.UTC(2026, 10, 22).toString(16).padStart(12, "0"));
    expect(uuidv7(1000) < uuidv7(2000)).toBe(true);
    expect(uuidv7(1000)).not.toBe(uuidv7(1000));
  });
});

describe("isUuid", () => {
  it("accepts any 8-4-4-4-12 hex id and nothing else", () => {
    expect(isUuid(uuidv7())).toBe(true);
    expect(isUuid("00000000-0000-0000-0000-00000000000A")).toBe(true);
    expect(isUuid("not-a-uuid")).toBe(false);
    expect(isUuid(`${uuidv7()}x`)).toBe(false);
    expect(isUuid("")).toBe(false);
  });
});

describe("idOrNotFound", () => {
  it("returns a UUID and answers anything else as not found", () => {
    const id = uuidv7();
    expect(idOrNotFound(id)).toBe(id);
    for (const bad of ["1", "../x", undefined, 42, `${id} `]) expect(() => idOrNotFound(bad)).toThrow(NotFoundError);
  });
});
