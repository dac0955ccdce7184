import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { EarlierStep, ProcessInput } from "@/lib/checks/types";
import { watchlistCheck } from "@/lib/checks/watchlist-check/watchlist-check";
import { importWatchlist, SYNTHETIC_LIST_FILE } from "@/lib/domain/watchlist/import/import-watchlist";
import { checkPortsFor } from "@/lib/domain/verifications/check-ports";
import type { SettingValues } from "@/lib/shared/workflow-settings";

// The synthetic list is imported for this file's account only. The "no list" account relies on no test
// importing a list for every account (they all pass an accountId).
const accountId = randomUUID();
const listName = `test-process-synthetic-${randomUUID()}`;

function processInput(
  options: {
    accountId?: string;
    inputs?: Record<string, string>;
    earlierSteps?: EarlierStep[];
    settings?: SettingValues;
    metadata?: Record<string, unknown>;
  } = {},
): ProcessInput {
  const verification = {
    id: randomUUID(),
    accountId: options.accountId ?? accountId,
    identityId: randomUUID(),
    workflowId: randomUUID(),
    ipAddress: null,
    metadata: options.metadata ?? {},
    createdAt: new Date(),
  };
  return {
    verification,
    workflow: { processes: ["WATCHLIST_CHECK"], documentTypes: [], countries: [], settings: options.settings ?? {} },
    inputs: new Map(
      Object.entries(options.inputs ?? {}).map(([k, v]) => [k, { type: "TEXT" as const, value: v, fileId: null }]),
    ),
    readFile: async () => null,
    earlierSteps: options.earlierSteps ?? [],
    now: new Date(),
    ports: checkPortsFor(verification),
  };
}

beforeAll(async () => {
  await importWatchlist({ format: "synthetic", file: SYNTHETIC_LIST_FILE, name: listName, accountId });
});

describe("WATCHLIST_CHECK", () => {
  it("sends a hit to MANUAL_REVIEW with the matched entries", async () => {
    const output = await watchlistCheck.run(
      processInput({ inputs: { FULL_NAME: "Иван Петрович Фиктивов", DATE_OF_BIRTH: "1961-04-02" } }),
    );
    expect(output.result).toBe("MANUAL_REVIEW");
    expect(output.data).toMatchObject({
      screened_name: "Иван Петрович Фиктивов",
      screened_dob: "1961-04-02",
      name_source: "INPUTS",
      threshold: 0.7,
      lists_screened: [{ name: listName, entry_count: 30, version: "2026-11-22T00:00:00" }],
      matches: [
        {
          source: listName,
          external_id: "syn-0001",
          entity_type: "PERSON",
          name: "Ivan Petrovich Fiktivov",
          score: 1,
          programs: ["SYN-DEMO-RU"],
          dob: ["1961-04-02"],
          band: "STRONG",
          score_breakdown: {
            name: 1,
            dob_agreement: "EXACT",
            // per token: which part of the screened name matched which part of the entry, and why
            pairs: [
              { query: "IVAN", list: "IVAN", similarity: 1, reason: "EXACT" },
              { query: "PETROVICH", list: "PETROVICH", similarity: 1, reason: "EXACT" },
              { query: "FIKTIVOV", list: "FIKTIVOV", similarity: 1, reason: "EXACT" },
            ],
            unmatched_query: [],
            unmatched_list: [],
            evidence: ["date of birth exact (+0.05)"],
          },
        },
      ],
    });
    expect(output.checks).toContainEqual({
      name: "WATCHLIST_SCREENING",
      result: "REVIEW",
      detail: `1 potential match(es) scored at least 0.7: Ivan Petrovich Fiktivov (${listName} syn-0001, 1).`,
    });
  });

  it("approves a clean name, recording the lists it was screened against", async () => {
    const output = await watchlistCheck.run(
      processInput({ inputs: { FULL_NAME: "Anna Schmidt", DATE_OF_BIRTH: "1990-05-05" } }),
    );
    expect(output.result).toBe("APPROVED");
    expect(output.data).toMatchObject({ matches: [], lists_screened: [{ name: listName, entry_count: 30 }] });
    expect(output.checks.map((c) => [c.name, c.result])).toEqual([
      ["DATE_OF_BIRTH", "PASSED"],
      ["WATCHLIST_SCREENING", "PASSED"],
    ]);
  });

  it("does not pass anyone when no watchlist is imported", async () => {
    const output = await watchlistCheck.run(
      processInput({ accountId: randomUUID(), inputs: { FULL_NAME: "Anna Schmidt", DATE_OF_BIRTH: "1990-05-05" } }),
    );
    expect(output.result).toBe("MANUAL_REVIEW");
    expect(output.data).toMatchObject({ lists_screened: [], matches: [] });
    expect(output.checks.find((c) => c.name === "WATCHLIST_SCREENING")).toMatchObject({
      result: "REVIEW",
      detail: expect.stringContaining("no watchlist imported"),
    });
  });

  it("does not pass anyone without a name", async () => {
    const output = await watchlistCheck.run(
      processInput({
        earlierSteps: [{ processType: "DOCUMENT_VERIFICATION", result: "MANUAL_REVIEW", data: { automated: false } }],
      }),
    );
    expect(output.result).toBe("MANUAL_REVIEW");
    expect(output.checks).toEqual([
      { name: "NAME_PRESENT", result: "REVIEW", detail: expect.stringContaining("No name to screen") },
    ]);
  });

  it("does not pass a name that gives nothing to compare", async () => {
    for (const name of ["J. K.", "---"]) {
      const output = await watchlistCheck.run(processInput({ inputs: { FULL_NAME: name } }));
      expect(output.result, name).toBe("MANUAL_REVIEW");
      expect(output.checks.find((c) => c.name === "WATCHLIST_SCREENING")).toMatchObject({
        result: "REVIEW",
        detail: expect.stringContaining("nothing to compare"),
      });
    }
  });

  it("screens the name and date of birth read from the document", async () => {
    const earlierSteps: EarlierStep[] = [
      {
        processType: "DOCUMENT_VERIFICATION",
        result: "APPROVED",
        data: { full_name: "KHALID MAHMOUD AL WAHMI", date_of_birth: "1970-03-03" },
      },
    ];
    const output = await watchlistCheck.run(processInput({ earlierSteps }));
    expect(output.result).toBe("MANUAL_REVIEW");
    expect(output.data).toMatchObject({
      name_source: "DOCUMENT_VERIFICATION",
      matches: [{ external_id: "syn-0002", score_breakdown: { dob_agreement: "SAME_YEAR" } }],
    });
  });

  it("weighs the birth year a passport's zone prints beside an unknown month and day (70<<<<)", async () => {
    const screen = (birth: string) =>
      watchlistCheck.run(
        processInput({
          earlierSteps: [
            {
              processType: "DOCUMENT_VERIFICATION",
              result: "MANUAL_REVIEW",
              data: {
                full_name: "KHALID MAHMOUD AL WAHMI",
                date_of_birth: null,
                mrz: {
                  format: "TD3",
                  lines: [
                    "P<UTOAL<WAHMI<<KHALID<MAHMOUD<<<<<<<<<<<<<<<",
                    `L898902C36UTO${birth}0M3012315<<<<<<<<<<<<<<04`,
                  ],
                },
              },
            },
          ],
        }),
      );
    // the list gives 1970: the same year counts for the match, another year clears a namesake
    const same = await screen("70<<<<");
    expect(same.data).toMatchObject({
      screened_dob: "1970",
      dob_source: "DOCUMENT_VERIFICATION",
      matches: [{ external_id: "syn-0002", score_breakdown: { dob_agreement: "SAME_YEAR" } }],
    });
    expect(same.checks).toContainEqual(
      expect.objectContaining({ name: "DATE_OF_BIRTH", detail: expect.stringContaining("the birth year 1970") }),
    );
    const other = await screen("85<<<<");
    expect(other.data.screened_dob).toBe("1985");
    expect((other.data.matches as { external_id: string }[]).map((m) => m.external_id)).not.toContain("syn-0002");
  });

  it("clears a name match whose listed date of birth conflicts with the document's, and says it weighed the date", async () => {
    const earlierSteps: EarlierStep[] = [
      {
        processType: "DOCUMENT_VERIFICATION",
        result: "APPROVED",
        data: { full_name: "Ivan Fiktivov", date_of_birth: "1990-01-01" },
      },
    ];
    const output = await watchlistCheck.run(processInput({ earlierSteps }));
    expect(output.result).toBe("APPROVED");
    expect(output.data).toMatchObject({ dob_source: "DOCUMENT_VERIFICATION" });
    expect(output.checks[0]).toMatchObject({ name: "DATE_OF_BIRTH", result: "PASSED" });
  });

  it("does not let a date of birth the applicant typed clear a name match: a reviewer decides", async () => {
    const output = await watchlistCheck.run(
      processInput({ inputs: { FULL_NAME: "Ivan Fiktivov", DATE_OF_BIRTH: "1990-01-01" } }),
    );
    expect(output.result).toBe("MANUAL_REVIEW");
    expect(output.data).toMatchObject({
      dob_source: "INPUTS",
      matches: [{ score_breakdown: { dob_agreement: "CONFLICT", dob_adjustment: -0.1 } }],
    });
    expect(output.checks[0]).toMatchObject({
      name: "DATE_OF_BIRTH",
      result: "PASSED",
      detail: expect.stringContaining("as stated by the applicant"),
    });
  });

  it("uses the workflow's WATCHLIST_THRESHOLD", async () => {
    const variant = { FULL_NAME: "Moamar Exampley", DATE_OF_BIRTH: "1942-06-07" };
    expect((await watchlistCheck.run(processInput({ inputs: variant }))).result).toBe("MANUAL_REVIEW");
    const strict = await watchlistCheck.run(processInput({ inputs: variant, settings: { WATCHLIST_THRESHOLD: 1 } }));
    expect(strict.result).toBe("APPROVED");
    expect(strict.data.threshold).toBe(1);
  });

  it("screens on the name alone when the date of birth is missing or unreadable", async () => {
    const output = await watchlistCheck.run(
      processInput({ inputs: { FULL_NAME: "Josef Mustermann", DATE_OF_BIRTH: "05/05/1975" } }),
    );
    expect(output.result).toBe("MANUAL_REVIEW");
    expect(output.data).toMatchObject({
      screened_dob: null,
      matches: [{ external_id: "syn-0005", score_breakdown: { dob_agreement: "UNKNOWN" } }],
    });
    expect(output.checks[0]).toMatchObject({
      name: "DATE_OF_BIRTH",
      result: "SKIPPED",
      detail: expect.stringContaining('"05/05/1975" is not YYYY-MM-DD'),
    });
  });

  it("screens a company and a vessel named in the metadata against their own kind, never against people", async () => {
    const output = await watchlistCheck.run(
      processInput({
        inputs: { FULL_NAME: "Anna Schmidt", DATE_OF_BIRTH: "1990-05-05" },
        metadata: { companyName: "Example Front Trading Limited Liability Company", vesselName: "Synthetic Star" },
      }),
    );
    expect(output.result).toBe("MANUAL_REVIEW");
    const found = (output.data.organisation_matches as { external_id: string; screened_field: string }[]).map((m) => [
      m.screened_field,
      m.external_id,
    ]);
    expect(found).toEqual([
      ["companyName", "syn-0026"],
      ["vesselName", "syn-0027"],
    ]);
    expect(output.data.matches).toEqual([]);
    expect(output.checks.filter((c) => c.name === "ORGANISATION_SCREENING").map((c) => c.result)).toEqual([
      "REVIEW",
      "REVIEW",
    ]);
    // a person's name given as the employer is screened against organisations only: no person entry comes back
    const employer = await watchlistCheck.run(
      processInput({ inputs: { FULL_NAME: "Anna Schmidt" }, metadata: { employer: "Ivan Petrovich Fiktivov" } }),
    );
    expect(employer.data.organisation_matches).toEqual([]);
    expect(employer.result).toBe("APPROVED");
  });

  it("screens a vessel's name without its type prefix: M/V Synthetic Star is the listed SYNTHETIC STAR", async () => {
    const scoreOf = async (vesselName: string) => {
      const output = await watchlistCheck.run(
        processInput({ inputs: { FULL_NAME: "Anna Schmidt" }, metadata: { vesselName } }),
      );
      return (output.data.organisation_matches as { external_id: string; score: number }[]).map((m) => [
        m.external_id,
        m.score,
      ]);
    };
    const plain = await scoreOf("Synthetic Star");
    expect(plain).toEqual([["syn-0027", expect.any(Number)]]);
    // 0.73 before: MV weighed as a word of the name the entry lacks
    expect(await scoreOf("M/V Synthetic Star")).toEqual(plain);
    expect(await scoreOf("MT SYNTHETIC STAR")).toEqual(plain);
  });

  it("sends a Han name without a match to review: its Japanese or Korean reading was not checked", async () => {
    const output = await watchlistCheck.run(processInput({ inputs: { FULL_NAME: "山田太郎" } }));
    expect(output.result).toBe("MANUAL_REVIEW");
    expect(output.checks).toContainEqual(expect.objectContaining({ name: "NAME_READING", result: "REVIEW" }));
  });

  it("weighs the gender the list states against the document's: a listed man is a weaker match for a woman", async () => {
    const genderAccount = randomUUID();
    // the UN fixture lists KHALID MAHMOUD AL-WAHMI with GENDER Male
    await importWatchlist({
      format: "auto",
      file: "lib/domain/watchlist/fixtures/consolidated.xml",
      name: `test-gender-${randomUUID()}`,
      accountId: genderAccount,
    });
    const screen = async (sex: string) => {
      const output = await watchlistCheck.run(
        processInput({
          accountId: genderAccount,
          earlierSteps: [
            {
              processType: "DOCUMENT_VERIFICATION",
              result: "APPROVED",
              data: { full_name: "Khalid Mahmud al Wahmi", sex },
            },
          ],
        }),
      );
      type Match = { external_id: string; score: number; score_breakdown: Record<string, unknown> };
      return (output.data.matches as Match[]).find((m) => m.external_id === "7990001")!;
    };
    const [man, woman] = [await screen("M"), await screen("F")];
    expect(man.score_breakdown).toMatchObject({ gender_agreement: "MATCH", gender_adjustment: 0 });
    expect(woman.score_breakdown).toMatchObject({ gender_agreement: "CONFLICT", gender_adjustment: -0.1 });
    expect(woman.score).toBeCloseTo(man.score - 0.1, 5);
    expect(woman.score_breakdown.evidence).toContain("gender conflict (-0.1)");
  });

  it("finds a listed person whose long name the passport's zone cut at its width", async () => {
    const cutAccount = randomUUID();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "cut-name-")), "targets.simple.csv");
    writeFileSync(
      file,
      [
        "id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,program_ids,dataset,first_seen,last_seen,last_change",
        "cut-1,Person,Maria Guadalupe Esperanza Ficticia,,1974,,,,,,,TEST,test,,,",
      ].join("\n"),
    );
    await importWatchlist({
      format: "opensanctions-csv",
      file,
      name: `test-cut-${randomUUID()}`,
      accountId: cutAccount,
    });
    // a TD1 card has 30 characters of name: FICTICIA<<MARIA<GUADALUPE<ESPE
    const lines = [
      "I<UTOD231458907<<<<<<<<<<<<<<<",
      "7408122F1204159UTO<<<<<<<<<<<6",
      "FICTICIA<<MARIA<GUADALUPE<ESPE",
    ];
    const screen = (mrz: unknown) =>
      watchlistCheck.run(
        processInput({
          accountId: cutAccount,
          earlierSteps: [
            {
              processType: "DOCUMENT_VERIFICATION",
              result: "APPROVED",
              data: { full_name: "MARIA GUADALUPE ESPE FICTICIA", mrz },
            },
          ],
        }),
      );
    const cut = await screen({ format: "TD1", lines });
    expect(cut.result).toBe("MANUAL_REVIEW");
    // recorded for ongoing screening, which reads the name the same way
    expect(cut.data.words_cut_by_zone).toEqual(["ESPE"]);
    type Match = { external_id: string; score_breakdown: { pairs: { query: string; list: string; reason: string }[] } };
    const [match] = cut.data.matches as Match[];
    expect(match!.external_id).toBe("cut-1");
    expect(match!.score_breakdown.pairs).toContainEqual(
      expect.objectContaining({ query: "ESPE", list: "ESPERANZA", reason: "CUT_BY_ZONE" }),
    );
    // a passport's zone, with room left after the name: ESPE is the holder's whole name, another than ESPERANZA
    const passport = ["P<UTOFICTICIA<<MARIA<GUADALUPE<ESPE<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
    expect(passport[0]).toHaveLength(44);
    const whole = await screen({ format: "TD3", lines: passport });
    expect(whole.data.matches).toEqual([]);
    expect(whole.data.words_cut_by_zone).toEqual([]);
  });
});
