import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyDecisionRules, type FinishedStep } from "@/lib/jobs/apply-decision-rules";
import { decideMatch, FACE_MATCH_THRESHOLDS } from "@/lib/checks/liveness/face-match";
import type { Check, CheckResult, ProcessResult } from "@/lib/checks/types";
import { DecisionRulesSchema, type DecisionRule } from "@/lib/domain/flows/decision-rules";
import { PROCESS_TYPES } from "@/lib/shared/process-types";

const rules = (input: unknown[]): DecisionRule[] => DecisionRulesSchema.parse(input);
const check = (name: string, result: CheckResult): Check => ({ name, result, detail: "" });

/** A step whose checks agree with its result, as every process writes them (resultOfChecks). */
function stepOf(processType: string, outcome: ProcessResult | "FAILED" | "NULL"): FinishedStep {
  if (outcome === "FAILED") return { processType, status: "FAILED", result: null, checks: [], data: {} };
  const checks: Record<ProcessResult | "NULL", Check[]> = {
    APPROVED: [check("A", "PASSED"), check("S", "SKIPPED")],
    DECLINED: [check("A", "FAILED"), check("B", "REVIEW")],
    MANUAL_REVIEW: [check("A", "REVIEW"), check("B", "PASSED")],
    NULL: [],
  };
  return {
    processType,
    status: "COMPLETED",
    result: outcome === "NULL" ? null : outcome,
    checks: checks[outcome],
    data: {},
  };
}

// today's finalizeVerification, written out again as the oracle
function fixedCombination(steps: FinishedStep[]): { status: string; result: ProcessResult | null } {
  if (steps.some((s) => s.status === "FAILED")) return { status: "FAILED", result: null };
  const results = steps.map((s) => s.result ?? "MANUAL_REVIEW");
  if (results.includes("DECLINED")) return { status: "COMPLETED", result: "DECLINED" };
  if (results.includes("MANUAL_REVIEW")) return { status: "COMPLETED", result: "MANUAL_REVIEW" };
  return { status: "COMPLETED", result: "APPROVED" };
}

const OUTCOMES = ["APPROVED", "DECLINED", "MANUAL_REVIEW", "NULL", "FAILED"] as const;
function* combinations(length: number): Generator<(typeof OUTCOMES)[number][]> {
  if (length === 0) return yield [];
  for (const head of OUTCOMES) for (const tail of combinations(length - 1)) yield [head, ...tail];
}

// the shipped thresholds restated as rules: the defaults, written down
const SHIPPED = rules([
  { kind: "THRESHOLD", check: "LIVENESS.DOCUMENT_MATCH", pass: 0.94, review: 0.89 },
  { kind: "THRESHOLD", check: "LIVENESS.SELFIE_PHOTO_MATCH", pass: 0.94, review: 0.89 },
  { kind: "THRESHOLD", check: "VIDEO_AGREEMENT.IDENTITY_MATCH", pass: 0.94, review: 0.89 },
]);

describe("no rules: exactly the fixed combination", () => {
  it("for every combination of up to four step outcomes (with no rules, and with the shipped thresholds)", () => {
    let cases = 0;
    for (let length = 1; length <= 4; length++)
      for (const outcomes of combinations(length)) {
        const steps = outcomes.map((o, i) => stepOf(PROCESS_TYPES[i]!, o));
        const expected = fixedCombination(steps);
        for (const ruleSet of [[], SHIPPED]) {
          const decision = applyDecisionRules(steps, ruleSet);
          expect({ status: decision.status, result: decision.result }).toEqual(expected);
          expect(decision.defaultResult).toBe(expected.result);
          expect(decision.decidedBy).toEqual([]);
          expect(decision.applied).toEqual([]);
        }
        cases++;
      }
    expect(cases).toBe(5 + 25 + 125 + 625);
  });

  it("keeps a step's own result even when its checks would say otherwise (no rule touched it)", () => {
    const odd: FinishedStep = { ...stepOf("EMAIL_CHECK", "APPROVED"), checks: [check("OTP_MATCHED", "REVIEW")] };
    expect(applyDecisionRules([odd], []).result).toBe("APPROVED");
    const hosting = rules([
      { kind: "OVERRIDE", check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK", when: "REVIEW", outcome: "DECLINE" },
    ]);
    expect(applyDecisionRules([odd], hosting).result).toBe("APPROVED");
  });

  it("shipped thresholds re-grade every face score to the check the process wrote", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1, noNaN: true }), (raw) => {
        const similarity = Math.round(raw * 1000) / 1000;
        const result = decideMatch(similarity);
        const step: FinishedStep = {
          processType: "LIVENESS",
          status: "COMPLETED",
          result: result === "PASSED" ? "APPROVED" : result === "REVIEW" ? "MANUAL_REVIEW" : "DECLINED",
          checks: [check("DOCUMENT_MATCH", result)],
          data: { face_match: { similarity, result, threshold: FACE_MATCH_THRESHOLDS.MATCH } },
        };
        const decision = applyDecisionRules([step], SHIPPED);
        expect(decision.result).toBe(step.result);
        expect(decision.applied).toEqual([]);
      }),
    );
  });
});

const location = (hosting: CheckResult, signal: CheckResult = "PASSED"): FinishedStep => ({
  processType: "LOCATION_INTELLIGENCE",
  status: "COMPLETED",
  result:
    hosting === "FAILED" || signal === "FAILED"
      ? "DECLINED"
      : [hosting, signal].includes("REVIEW")
        ? "MANUAL_REVIEW"
        : "APPROVED",
  checks: [check("LOCATION_SIGNAL", signal), check("HOSTING_NETWORK", hosting), check("GPS_IP_DISTANCE", "SKIPPED")],
  data: {},
});
const override = (when: string, outcome: string, target = "LOCATION_INTELLIGENCE.HOSTING_NETWORK") =>
  rules([{ kind: "OVERRIDE", check: target, when, outcome }]);

describe("OVERRIDE", () => {
  it("IGNORE clears a review: the verification is approved, decided by the rule", () => {
    const decision = applyDecisionRules([location("REVIEW")], override("REVIEW", "IGNORE"));
    expect(decision).toMatchObject({ status: "COMPLETED", result: "APPROVED", defaultResult: "MANUAL_REVIEW" });
    expect(decision.decidedBy).toEqual([
      {
        rule: 1,
        label: "Location intelligence · Not a hosting-provider IP (VPN/proxy): review → ignore (counts as passed)",
      },
    ]);
    expect(decision.applied).toEqual([
      expect.objectContaining({
        rule: 1,
        check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK",
        from: "REVIEW",
        to: "PASSED",
      }),
    ]);
  });

  it("DECLINE hardens a review; REVIEW softens a failure", () => {
    expect(applyDecisionRules([location("REVIEW")], override("NOT_PASSED", "DECLINE"))).toMatchObject({
      result: "DECLINED",
      decidedBy: [{ rule: 1 }],
    });
    expect(applyDecisionRules([location("FAILED")], override("FAILED", "REVIEW"))).toMatchObject({
      result: "MANUAL_REVIEW",
      decidedBy: [{ rule: 1 }],
    });
  });

  it("applies only to the results it names, never to a pass or a skipped check", () => {
    for (const [result, when] of [
      ["FAILED", "REVIEW"],
      ["REVIEW", "FAILED"],
      ["PASSED", "NOT_PASSED"],
      ["SKIPPED", "NOT_PASSED"],
    ] as const) {
      const step = location(result);
      const decision = applyDecisionRules([step], override(when, "IGNORE"));
      expect(decision.result).toBe(step.result);
      expect(decision.applied).toEqual([]);
      expect(decision.decidedBy).toEqual([]);
    }
  });

  it("a rule for a check that did not run (another step's, or not emitted) changes nothing", () => {
    const decision = applyDecisionRules(
      [location("REVIEW")],
      override("NOT_PASSED", "IGNORE", "ADDRESS_VERIFICATION.POSTAL_VALIDATION"),
    );
    expect(decision.result).toBe("MANUAL_REVIEW");
  });

  it("the other checks of the step still count", () => {
    const decision = applyDecisionRules([location("REVIEW", "FAILED")], override("REVIEW", "IGNORE"));
    expect(decision.result).toBe("DECLINED");
    // the rule fired, but the outcome is the fixed combination's
    expect(decision.decidedBy).toEqual([]);
    expect(decision.applied).toHaveLength(1);
  });

  it("the first matching rule of a check decides it", () => {
    const decision = applyDecisionRules(
      [location("REVIEW")],
      rules([
        { kind: "OVERRIDE", check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK", when: "FAILED", outcome: "IGNORE" },
        { kind: "OVERRIDE", check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK", when: "REVIEW", outcome: "DECLINE" },
        { kind: "OVERRIDE", check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK", when: "REVIEW", outcome: "IGNORE" },
      ]),
    );
    expect(decision).toMatchObject({ result: "DECLINED", decidedBy: [{ rule: 2 }] });
  });

  it("a rule that keeps the result (review → review) is not recorded", () => {
    const decision = applyDecisionRules([location("REVIEW")], override("REVIEW", "REVIEW"));
    expect(decision).toMatchObject({ result: "MANUAL_REVIEW", applied: [], decidedBy: [] });
  });
});

const liveness = (similarity: number | null, other: ProcessResult = "APPROVED"): FinishedStep[] => {
  const result = similarity === null ? "REVIEW" : decideMatch(similarity);
  return [
    {
      processType: "DOCUMENT_VERIFICATION",
      status: "COMPLETED",
      result: other,
      checks: [check("MRZ_READ", other === "APPROVED" ? "PASSED" : "REVIEW")],
      data: {},
    },
    {
      processType: "LIVENESS",
      status: "COMPLETED",
      result: result === "PASSED" ? "APPROVED" : result === "REVIEW" ? "MANUAL_REVIEW" : "DECLINED",
      checks: [check("HEAD_CHALLENGE", "PASSED"), check("DOCUMENT_MATCH", result)],
      data: { face_match: similarity === null ? null : { similarity, result } },
    },
  ];
};
const threshold = (pass: number, review: number) =>
  rules([{ kind: "THRESHOLD", check: "LIVENESS.DOCUMENT_MATCH", pass, review }]);

describe("THRESHOLD", () => {
  it("grades at and across its bounds", () => {
    const t = threshold(0.96, 0.9);
    const at = (s: number) => applyDecisionRules(liveness(s), t).result;
    expect(at(0.96)).toBe("APPROVED");
    expect(at(0.959)).toBe("MANUAL_REVIEW"); // shipped: PASSED
    expect(at(0.9)).toBe("MANUAL_REVIEW");
    expect(at(0.899)).toBe("DECLINED"); // shipped: REVIEW
  });

  it("records what it changed and decides when the outcome moved", () => {
    const decision = applyDecisionRules(liveness(0.95), threshold(0.96, 0.9));
    expect(decision).toMatchObject({ result: "MANUAL_REVIEW", defaultResult: "APPROVED", decidedBy: [{ rule: 1 }] });
    expect(decision.applied[0]).toMatchObject({ from: "PASSED", to: "REVIEW", score: 0.95 });
    // a lower pass threshold (within bounds) approves what the shipped one sends to review
    expect(applyDecisionRules(liveness(0.93), threshold(0.925, 0.89))).toMatchObject({
      result: "APPROVED",
      decidedBy: [{ rule: 1 }],
    });
  });

  it("never grades a check that ran without a score", () => {
    const decision = applyDecisionRules(liveness(null), threshold(0.925, 0.5));
    expect(decision).toMatchObject({ result: "MANUAL_REVIEW", applied: [] });
    // similarity 0 with REVIEW is matchFaces' "no descriptor": no score either
    const steps = liveness(null);
    steps[1]!.data = { face_match: { similarity: 0, result: "REVIEW" } };
    expect(applyDecisionRules(steps, threshold(0.925, 0.5)).result).toBe("MANUAL_REVIEW");
  });

  it("overrides see the re-graded result", () => {
    const decision = applyDecisionRules(
      liveness(0.95),
      rules([
        { kind: "THRESHOLD", check: "LIVENESS.DOCUMENT_MATCH", pass: 0.96, review: 0.9 },
        { kind: "OVERRIDE", check: "LIVENESS.DOCUMENT_MATCH", when: "REVIEW", outcome: "DECLINE" },
      ]),
    );
    expect(decision).toMatchObject({ result: "DECLINED", decidedBy: [{ rule: 2 }] });
    expect(decision.applied.map((a) => [a.rule, a.from, a.to])).toEqual([
      [1, "PASSED", "REVIEW"],
      [2, "REVIEW", "FAILED"],
    ]);
  });
});

describe("APPROVE_WHEN", () => {
  const band = rules([
    {
      kind: "APPROVE_WHEN",
      check: "LIVENESS.DOCUMENT_MATCH",
      min: 0.925,
      max: 0.94,
      requires: ["DOCUMENT_VERIFICATION"],
    },
  ]);

  it("approves a review inside the band when the required step approved", () => {
    for (const s of [0.925, 0.93, 0.939])
      expect(applyDecisionRules(liveness(s), band)).toMatchObject({ result: "APPROVED", decidedBy: [{ rule: 1 }] });
  });

  it("not below the band, not when the required step did not approve, never a failure", () => {
    expect(applyDecisionRules(liveness(0.924), band).result).toBe("MANUAL_REVIEW");
    expect(applyDecisionRules(liveness(0.93, "MANUAL_REVIEW"), band).result).toBe("MANUAL_REVIEW");
    expect(applyDecisionRules(liveness(0.93, "DECLINED"), band).result).toBe("DECLINED");
    expect(applyDecisionRules(liveness(0.8), band).result).toBe("DECLINED");
    // no score: a band cannot hold
    expect(applyDecisionRules(liveness(null), band).result).toBe("MANUAL_REVIEW");
  });

  it("a check without a score: any review of it, when the required steps approved", () => {
    const steps = [location("REVIEW"), { ...stepOf("EMAIL_CHECK", "APPROVED") }];
    const rule = rules([
      { kind: "APPROVE_WHEN", check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK", requires: ["EMAIL_CHECK"] },
    ]);
    expect(applyDecisionRules(steps, rule)).toMatchObject({ result: "APPROVED", decidedBy: [{ rule: 1 }] });
    const withoutEmail = [location("REVIEW"), { ...stepOf("EMAIL_CHECK", "MANUAL_REVIEW") }];
    expect(applyDecisionRules(withoutEmail, rule).result).toBe("MANUAL_REVIEW");
  });
});

describe("FAILED steps and unreadable rules", () => {
  it("a step that could not run fails the verification whatever the rules", () => {
    const steps = [location("REVIEW"), stepOf("EMAIL_CHECK", "FAILED")];
    expect(applyDecisionRules(steps, override("REVIEW", "IGNORE"))).toMatchObject({
      status: "FAILED",
      result: null,
      applied: [],
    });
  });

  it("rules that cannot be read never approve", () => {
    expect(applyDecisionRules([location("PASSED")], null)).toMatchObject({
      result: "MANUAL_REVIEW",
      defaultResult: "APPROVED",
      rulesUnreadable: true,
    });
    expect(applyDecisionRules([location("FAILED")], null).result).toBe("DECLINED");
  });
});
