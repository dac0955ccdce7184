// What the pipeline bench's verifications ended as, read back from the database (tools/bench/pipeline.mjs).
import { percentile, round } from "./harness.mjs";

/** What the engine concluded for the bench verifications, and where the time went (from the rows' timestamps). */
export async function pipelineOutcomes(db, accountId, ids) {
  const { rows: verifications } = await db.query(
    `SELECT v."status", v."result" FROM "Verification" v WHERE v."accountId" = $1 AND v."id" = ANY($2::uuid[])`,
    [accountId, ids],
  );
  const { rows: steps } = await db.query(
    `SELECT s."processType", s."status", s."result", s."failedChecks",
            extract(epoch FROM s."completedAt" - s."startedAt") * 1000 AS "ms"
     FROM "VerificationStep" s JOIN "Verification" v ON v."id" = s."verificationId"
     WHERE v."accountId" = $1 AND v."id" = ANY($2::uuid[])`,
    [accountId, ids],
  );
  // per verification: inputs complete → first step started (the job claimed) → last step completed → verification
  // completed → webhook delivered (medians over every bench verification)
  const { rows: stages } = await db.query(
    `SELECT extract(epoch FROM min(s."startedAt") - v."inputsCompletedAt") * 1000 AS "inputsToFirstStepStart",
            extract(epoch FROM max(s."completedAt") - min(s."startedAt")) * 1000 AS "steps",
            extract(epoch FROM v."completedAt" - max(s."completedAt")) * 1000 AS "lastStepToCompleted",
            extract(epoch FROM max(d."deliveredAt") - v."completedAt") * 1000 AS "completedToDelivered"
     FROM "Verification" v
     JOIN "VerificationStep" s ON s."verificationId" = v."id"
     JOIN "Event" e ON e."verificationId" = v."id" AND e."name" = 'verification_completed'
     JOIN "WebhookDelivery" d ON d."eventId" = e."id"
     WHERE v."accountId" = $1 AND v."id" = ANY($2::uuid[])
     GROUP BY v."id"`,
    [accountId, ids],
  );
  const median = (values) =>
    round(
      percentile(
        values.map(Number).sort((a, b) => a - b),
        50,
      ),
      0,
    );
  const count = (rows, f) => rows.reduce((acc, r) => ({ ...acc, [f(r)]: (acc[f(r)] ?? 0) + 1 }), {});
  const processes = [...new Set(steps.map((s) => s.processType))];
  // the checks themselves are sealed at rest; the names of the FAILED ones are not (the overview counts them)
  const failedChecks = (type) => {
    const out = {};
    for (const step of steps.filter((s) => s.processType === type))
      for (const name of step.failedChecks ?? []) out[name] = (out[name] ?? 0) + 1;
    return out;
  };
  return {
    verifications: count(verifications, (r) => `${r.status}/${r.result}`),
    steps: Object.fromEntries(
      processes.map((type) => {
        const of = steps.filter((s) => s.processType === type);
        return [
          type,
          {
            steps: of.length,
            medianMs: median(of.map((s) => s.ms)),
            results: count(of, (s) => `${s.status}/${s.result}`),
          },
        ];
      }),
    ),
    stageMediansMs: Object.fromEntries(
      ["inputsToFirstStepStart", "steps", "lastStepToCompleted", "completedToDelivered"].map((k) => [
        k,
        median(stages.map((r) => r[k])),
      ]),
    ),
    failedChecks: Object.fromEntries(processes.map((type) => [type, failedChecks(type)])),
  };
}
