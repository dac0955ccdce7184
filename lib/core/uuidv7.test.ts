import { describe, expect, it } from "vitest";
import { uuidv7 } from "@/lib/core/uuidv7";

describe("uuidv7", () => {
  it("writes RFC 9562 version 7 ids that sort by time", () => {
    const id = uuidv7(Date.UTC(2026, 10, 22));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id.slice(0, 13).replace("-", "")).toBe(Date.UTC(2026, 10, 22).toString(16).padStart(12, "0"));
    expect(uuidv7(1000) < uuidv7(2000)).toBe(true);
    expect(uuidv7(1000)).not.toBe(uuidv7(1000));
  });
});
