import { describe, expect, it } from "vitest";
import { documentBudget } from "./document-budget";

// The document's CPU budget (issue 35): charged in CPU time, shared between the documents in flight.

/** Spends at least `ms` of this process's CPU time (a busy loop: CPU, not waiting, is what the budget counts). */
function burn(ms: number): void {
  const start = process.cpuUsage();
  let x = 0;
  for (;;) {
    for (let i = 0; i < 10_000; i++) x += Math.sqrt(i);
    const { user, system } = process.cpuUsage(start);
    if ((user + system) / 1000 >= ms && x > 0) return;
  }
}

describe("the document's CPU budget", () => {
  it("is not spent while the document's CPU time is under it, and says so once it is past it", () => {
    const budget = documentBudget(40);
    expect(budget.over()).toBe(false);
    expect(budget.spent).toBe(false);
    burn(60);
    expect(budget.over()).toBe(true);
    expect(budget.spent).toBe(true);
    budget.end();
  });

  it("lets a recognition already running go on for the grace past the budget, and no further", () => {
    const budget = documentBudget(40, 60);
    burn(60);
    expect(budget.over()).toBe(true);
    expect(budget.pastGrace()).toBe(false);
    burn(60);
    expect(budget.pastGrace()).toBe(true);
    budget.end();
  });

  it("waiting costs nothing: only CPU time counts", async () => {
    const budget = documentBudget(40);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(budget.over()).toBe(false);
    budget.end();
  });

  it("two documents in flight are each charged half of the process's CPU time", () => {
    const a = documentBudget(100);
    const b = documentBudget(100);
    burn(150);
    expect(a.over()).toBe(false);
    b.end();
    expect(a.over()).toBe(true);
    a.end();
  });
});
