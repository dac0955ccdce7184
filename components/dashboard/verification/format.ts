// Formatting shared by the verification detail page and the auditor report.
export const when = (d: Date | null | undefined) => (d ? d.toISOString().replace("T", " ").slice(0, 19) + " UTC" : "—");
export const json = (value: unknown) => JSON.stringify(value, null, 2);
