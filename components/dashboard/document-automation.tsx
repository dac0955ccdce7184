"use client";
import { AUTOMATION_LABELS, type Automation } from "@/lib/shared/document-automation";
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPE_NAMES } from "@/lib/shared/document-type-names";
import styles from "@/components/dashboard/dashboard.module.css";

export type AutomationTable = Record<string, Record<string, Automation>>;

const MAX_NAMED = 8;

/**
 * What the service decides on its own for the accepted types and countries (lib/shared/document-automation.ts): per
 * type, the countries whose documents are read from an MRZ or a PDF417 barcode, and those that go to a person.
 */
export function DocumentAutomation({
  table,
  types,
  countries,
  countryNames,
}: {
  table: AutomationTable;
  types: readonly string[];
  countries: readonly string[];
  countryNames: Record<string, string>;
}) {
  const shownTypes = DOCUMENT_TYPE_NAMES.filter((t) => !types.length || types.includes(t));
  const rows = shownTypes.flatMap((type) => {
    const byCountry = table[type] ?? {};
    const codes = Object.keys(byCountry).filter((c) => !countries.length || countries.includes(c));
    if (!codes.length) return [];
    const groups = (["MRZ", "PDF417", "REVIEW"] as const)
      .map((mode) => ({ mode, codes: codes.filter((c) => byCountry[c] === mode) }))
      .filter((g) => g.codes.length);
    return [{ type, groups, total: codes.length }];
  });
  const named = (codes: string[], total: number) =>
    codes.length === total && total > MAX_NAMED
      ? `all ${total} issuing countries`
      : codes.length > MAX_NAMED
        ? `${codes.length} countries`
        : codes.map((c) => countryNames[c] ?? c).join(", ");
  return (
    <div>
      <h3 id="wf-automation">What is decided automatically</h3>
      <p className={styles.muted}>
        Documents with machine-readable data (an MRZ, or the PDF417 barcode of US and Canadian cards) are read, checked
        and compared with their printed front; the others go to manual review with the reason.
      </p>
      {rows.length ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Document type</th>
              <th scope="col">Outcome</th>
              <th scope="col">Countries</th>
            </tr>
          </thead>
          <tbody>
            {rows.flatMap(({ type, groups, total }) =>
              groups.map((g, i) => (
                <tr key={`${type}-${g.mode}`} data-automation={`${type}:${g.mode}`}>
                  {i === 0 ? (
                    <th scope="row" rowSpan={groups.length}>
                      {DOCUMENT_TYPE_LABELS[type]}
                    </th>
                  ) : null}
                  <td>{AUTOMATION_LABELS[g.mode]}</td>
                  <td>{named(g.codes, total)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      ) : (
        <p className={styles.muted}>None of the accepted countries issues the accepted document types.</p>
      )}
    </div>
  );
}
