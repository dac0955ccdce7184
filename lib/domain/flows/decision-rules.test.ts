import { describe, expect, it } from "vitest";
import { CHECK_KEYS } from "@/lib/domain/flows/check-catalogue";
import { DecisionRulesSchema, describeRule, MAX_DECISION_RULES } from "@/lib/domain/flows/decision-rules";
import { pruneDefinition, WorkflowDefinitionSchema } from "@/lib/domain/flows/workflow-definition";

/** The messages by path ("0.pass"), as the builder shows them by field. */
function errorsOf(input: unknown): Record<string, string> {
  const parsed = DecisionRulesSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
}

const face = "LIVENESS.DOCUMENT_MATCH";

describe("THRESHOLD bounds", () => {
  it("accepts the shipped thresholds and the ends of the bounds", () => {
    for (const [pass, review] of [
      [0.94, 0.89],
      [0.925, 0.925],
      [0.99, 0.5],
    ])
      expect(errorsOf([{ kind: "THRESHOLD", check: face, pass, review }])).toEqual({});
  });

  it("refuses a pass threshold under the highest impostor score measured, or above 0.99", () => {
    expect(errorsOf([{ kind: "THRESHOLD", check: face, pass: 0.924, review: 0.89 }])).toHaveProperty("0.pass");
    expect(errorsOf([{ kind: "THRESHOLD", check: face, pass: 0, review: 0 }])).toHaveProperty("0.pass");
    expect(errorsOf([{ kind: "THRESHOLD", check: face, pass: 0.991, review: 0.89 }])).toHaveProperty("0.pass");
  });

  it("refuses a review threshold under 0.5 or above the pass threshold", () => {
    expect(errorsOf([{ kind: "THRESHOLD", check: face, pass: 0.94, review: 0.499 }])).toHaveProperty("0.review");
    expect(errorsOf([{ kind: "THRESHOLD", check: face, pass: 0.94, review: 0.941 }])).toHaveProperty("0.review");
  });

  it("only for scored checks, once per check, numbers only", () => {
    expect(
      errorsOf([{ kind: "THRESHOLD", check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK", pass: 0.95, review: 0.9 }]),
    ).toEqual({ "0.check": "This check has no score to set thresholds for" });
    expect(
      errorsOf([
        { kind: "THRESHOLD", check: face, pass: 0.95, review: 0.9 },
        { kind: "THRESHOLD", check: face, pass: 0.96, review: 0.9 },
      ]),
    ).toEqual({ "1.check": "This check already has thresholds" });
    expect(errorsOf([{ kind: "THRESHOLD", check: face, pass: "0.95", review: 0.9 }])).toHaveProperty("0.pass");
    expect(errorsOf([{ kind: "THRESHOLD", check: face, pass: Number.NaN, review: 0.9 }])).toHaveProperty("0.pass");
  });
});

describe("OVERRIDE", () => {
  it("any outcome on any catalogued check", () => {
    for (const outcome of ["DECLINE", "REVIEW", "IGNORE"])
      expect(
        errorsOf([{ kind: "OVERRIDE", check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK", when: "NOT_PASSED", outcome }]),
      ).toEqual({});
    expect(errorsOf([{ kind: "OVERRIDE", check: "LIVENESS.NOPE", when: "REVIEW", outcome: "IGNORE" }])).toEqual({
      "0.check": "Choose a check",
    });
  });

  it("a failure that is evidence can be softened to review, never ignored", () => {
    for (const when of ["FAILED", "NOT_PASSED"])
      expect(errorsOf([{ kind: "OVERRIDE", check: "LIVENESS.NOT_STILL", when, outcome: "IGNORE" }])).toEqual({
        "0.when": "A failure of this check is evidence: only its review result can be ignored",
      });
    expect(errorsOf([{ kind: "OVERRIDE", check: "LIVENESS.NOT_STILL", when: "FAILED", outcome: "REVIEW" }])).toEqual(
      {},
    );
    expect(
      errorsOf([
        { kind: "OVERRIDE", check: "DOCUMENT_VERIFICATION.DOCUMENT_EXPIRY", when: "REVIEW", outcome: "IGNORE" },
      ]),
    ).toEqual({});
  });

  it("refuses unknown kinds, whens and outcomes", () => {
    expect(errorsOf([{ kind: "ALWAYS_PASS", check: face }])).not.toEqual({});
    expect(errorsOf([{ kind: "OVERRIDE", check: face, when: "PASSED", outcome: "DECLINE" }])).toHaveProperty("0.when");
    expect(errorsOf([{ kind: "OVERRIDE", check: face, when: "REVIEW", outcome: "APPROVE" }])).toHaveProperty(
      "0.outcome",
    );
  });
});

describe("APPROVE_WHEN", () => {
  const approve = (rule: Record<string, unknown>) =>
    errorsOf([{ kind: "APPROVE_WHEN", check: face, requires: ["DOCUMENT_VERIFICATION"], ...rule }]);

  it("a scored check needs a band from 0.925 up", () => {
    expect(approve({ min: 0.925, max: 0.94 })).toEqual({});
    expect(approve({ min: 0.924, max: 0.94 })).toHaveProperty("0.min");
    expect(approve({ min: 0.5, max: 0.65 })).toHaveProperty("0.min");
    expect(approve({})).toHaveProperty("0.min");
    expect(approve({ min: 0.93, max: 0.929 })).toHaveProperty("0.max");
    expect(approve({ min: 0.93, max: 1.01 })).toHaveProperty("0.max");
  });

  it("needs another step to approve, not its own", () => {
    expect(approve({ min: 0.93, max: 0.94, requires: [] })).toEqual({
      "0.requires": "Choose at least one step that must be approved",
    });
    expect(approve({ min: 0.93, max: 0.94, requires: ["LIVENESS"] })).toHaveProperty("0.requires");
  });

  it("a check without a score takes no band", () => {
    const rule = { kind: "APPROVE_WHEN", check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK", requires: ["EMAIL_CHECK"] };
    expect(errorsOf([rule])).toEqual({});
    expect(errorsOf([{ ...rule, min: 0.5, max: 0.6 }])).toHaveProperty("0.min");
  });
});

describe("in the workflow definition", () => {
  const base = { name: "Rules", processes: ["LOCATION_INTELLIGENCE", "EMAIL_CHECK"] };
  const hosting = {
    kind: "OVERRIDE",
    check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK",
    when: "REVIEW",
    outcome: "IGNORE",
  };

  it("defaults to no rules, and keeps rules of the chosen processes", () => {
    expect(WorkflowDefinitionSchema.parse(base).rules).toEqual([]);
    expect(WorkflowDefinitionSchema.parse({ ...base, rules: [hosting] }).rules).toEqual([hosting]);
  });

  it("refuses a rule of a step the workflow does not have, by field (pruning keeps it: the builder shows the error)", () => {
    const other = { kind: "OVERRIDE", check: "LIVENESS.SAME_FACE", when: "REVIEW", outcome: "IGNORE" };
    const parsed = WorkflowDefinitionSchema.safeParse({ ...base, rules: [hosting, other] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join("."))).toEqual(["rules.1.check"]);
    expect(pruneDefinition({ ...base, rules: [hosting, other] } as never)).toMatchObject({ rules: [hosting, other] });
    const requiresMissing = {
      kind: "APPROVE_WHEN",
      check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK",
      requires: ["ADDRESS_VERIFICATION"],
    };
    expect(
      WorkflowDefinitionSchema.safeParse({ ...base, rules: [requiresMissing] }).error!.issues.map((i) =>
        i.path.join("."),
      ),
    ).toEqual(["rules.0.requires"]);
  });

  it(`at most ${MAX_DECISION_RULES} rules`, () => {
    expect(errorsOf(Array.from({ length: MAX_DECISION_RULES + 1 }, () => hosting))).toHaveProperty("");
  });
});

it("every catalogued check has a readable description", () => {
  for (const check of CHECK_KEYS)
    expect(describeRule({ kind: "OVERRIDE", check, when: "REVIEW", outcome: "REVIEW" })).not.toMatch(/undefined/);
});
