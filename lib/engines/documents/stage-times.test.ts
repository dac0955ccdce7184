import { describe, expect, it } from "vitest";
import { profiled, stage } from "./stage-times";

describe("stage times (bench:mrz)", () => {
  it("adds each stage's runs to the profile of the run it belongs to, concurrent runs apart", async () => {
    const work = (name: string, times: number) => async () => {
      for (let i = 0; i < times; i++) await stage(name, async () => i);
      return name;
    };
    const [a, b] = await Promise.all([profiled(work("variant", 3)), profiled(work("paddle", 1))]);
    expect(a.value).toBe("variant");
    expect(a.stages.get("variant")?.runs).toBe(3);
    expect(a.stages.has("paddle")).toBe(false);
    expect(b.stages.get("paddle")?.runs).toBe(1);
  });

  it("counts a stage that throws, and passes the error on", async () => {
    const { stages } = await profiled(async () => {
      await expect(stage("fails", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    });
    expect(stages.get("fails")?.runs).toBe(1);
  });

  it("outside a profiled run only runs the work", async () => {
    await expect(stage("alone", async () => 42)).resolves.toBe(42);
  });
});
