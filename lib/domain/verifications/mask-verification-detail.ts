import {
  MASK,
  maskPersonal,
  NON_PERSONAL_INPUTS,
  personalStrings,
  scrubText,
} from "@/lib/domain/privacy/personal-data";

// The detail of a verification as a member without the personal-data permission sees it: every personal value
// masked (names, dates of birth, document numbers, addresses, e-mails, IP addresses, locations), no input file at
// all (images and videos are biometric data), and check details and webhook payloads scrubbed of the person's values.
// Results, scores, signals, the decision and the timeline stay: they are what a restricted reviewer works from.

type Detail = {
  metadata: unknown;
  ipAddress: string | null;
  consent: { ipAddress: string | null } | null;
  inputs: { fieldName: string; value: string | null; file: unknown; masked: boolean }[];
  steps: { data: unknown; checks: unknown }[];
  events: { payload: unknown }[];
  audit?: { data: unknown }[];
  personalDataShown: boolean;
};

// free text a member writes into the audit log (a review note's body, a decision's comment): about the person, whole
const FREE_TEXT_AUDIT_KEYS = new Set(["body", "comment"]);

function scrubJson(value: unknown, personal: ReadonlySet<string>): unknown {
  if (typeof value === "string") return scrubText(value, personal);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, personal));
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, personal)]));
  return value;
}

export function maskVerificationDetail<T extends Detail>(detail: T): T {
  const personal = personalStrings({ metadata: detail.metadata, steps: detail.steps.map((s) => s.data) });
  personalStrings(detail.metadata, personal, false);
  for (const input of detail.inputs)
    if (input.value && !NON_PERSONAL_INPUTS.has(input.fieldName)) personalStrings(input.value, personal, true);
  if (detail.ipAddress) personal.add(detail.ipAddress);
  // personalStrings marks values under PERSONAL_KEYS only: the metadata's own keys decide (reference stays)
  const mask = (value: unknown) => scrubJson(maskPersonal(value), personal);
  return {
    ...detail,
    metadata: mask(detail.metadata),
    ipAddress: detail.ipAddress ? MASK : null,
    consent: detail.consent ? { ...detail.consent, ipAddress: detail.consent.ipAddress ? MASK : null } : null,
    inputs: detail.inputs.map((input) =>
      NON_PERSONAL_INPUTS.has(input.fieldName) && !input.file
        ? input
        : { ...input, value: input.value || input.file ? MASK : null, file: null, masked: true },
    ),
    steps: detail.steps.map((step) => ({ ...step, data: mask(step.data), checks: scrubJson(step.checks, personal) })),
    events: detail.events.map((event) => ({ ...event, payload: mask(event.payload) })),
    ...(detail.audit
      ? {
          audit: detail.audit.map((entry) => {
            const data = mask(entry.data);
            if (!data || typeof data !== "object" || Array.isArray(data)) return { ...entry, data };
            const masked = Object.entries(data).map(([k, v]) => [k, FREE_TEXT_AUDIT_KEYS.has(k) && v ? MASK : v]);
            return { ...entry, data: Object.fromEntries(masked) };
          }),
        }
      : {}),
    personalDataShown: false,
  };
}
