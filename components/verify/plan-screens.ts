import type { InputField } from "@/lib/domain/flows/inputs";

// Turns the inputs of a workflow (as the API returns them) into the screens of the hosted page, in workflow
// order. Pure, so the order and the resume point are unit-tested.

export type ScreenKind =
  "document-select" | "photo" | "video" | "address" | "email" | "location" | "personal" | "wallet" | "generic";

export type Screen = {
  id: string;
  kind: ScreenKind;
  group: number;
  fields: InputField[];
  /** done also when this input was given instead (the document's screens, when the wallet's answer came: issue 34) */
  insteadOf?: string;
};

const DOCUMENT_INPUTS = ["DOCUMENT_COUNTRY", "DOCUMENT_TYPE", "DOCUMENT_FRONT", "DOCUMENT_BACK"];

const ADDRESS_FIELDS = ["ADDRESS_LINE", "CITY", "PROVINCE", "POSTAL_CODE", "COUNTRY"];
const GROUPED: { kind: ScreenKind; fields: string[] }[] = [
  { kind: "document-select", fields: ["DOCUMENT_COUNTRY", "DOCUMENT_TYPE"] },
  { kind: "address", fields: ADDRESS_FIELDS },
  { kind: "email", fields: ["EMAIL", "EMAIL_OTP"] },
  { kind: "personal", fields: ["FULL_NAME", "DATE_OF_BIRTH"] },
];
// optional extras the page does not ask for: the selfie video already shows the face
const NOT_ASKED = new Set(["SELFIE_PHOTO"]);

function isVideo(field: InputField): boolean {
  const accept = (field.data?.accept ?? []) as string[];
  return accept.some((type) => type.startsWith("video/"));
}

/**
 * One screen per capture (each file is its own screen), one per form. DOCUMENT_BACK appears only once the chosen
 * document type is known to have a back side.
 */
export function planScreens(inputs: readonly InputField[], documentSides: readonly string[] | null): Screen[] {
  const screens: Screen[] = [];
  const placed = new Set<string>();
  for (const field of inputs) {
    if (placed.has(field.fieldName) || NOT_ASKED.has(field.fieldName)) continue;
    if (field.fieldName === "DOCUMENT_BACK" && !documentSides?.includes("BACK")) continue;
    const grouped = GROUPED.find((g) => g.fields.includes(field.fieldName));
    if (grouped) {
      const fields = inputs.filter((f) => f.group === field.group && grouped.fields.includes(f.fieldName));
      fields.forEach((f) => placed.add(f.fieldName));
      screens.push({ id: `${grouped.kind}:${field.group}`, kind: grouped.kind, group: field.group, fields });
      continue;
    }
    placed.add(field.fieldName);
    const kind: ScreenKind =
      field.fieldType === "FILE"
        ? isVideo(field)
          ? "video"
          : "photo"
        : field.fieldType === "LOCATION"
          ? "location"
          : field.fieldName === "DIGITAL_CREDENTIAL"
            ? "wallet"
            : "generic";
    const last = screens.at(-1);
    // unknown text or dropdown fields of one process share one form
    if (kind === "generic" && last?.kind === "generic" && last.group === field.group) last.fields.push(field);
    else screens.push({ id: `${kind}:${field.fieldName}`, kind, group: field.group, fields: [field] });
  }
  return walletFirst(screens);
}

/**
 * A wallet credential as the alternative to the document (both in the workflow): the wallet's screen comes first, the
 * document's screens are its fallback and count as done once the wallet's answer is in.
 */
function walletFirst(screens: Screen[]): Screen[] {
  const wallet = screens.find(
    (s) => s.kind === "wallet" && s.fields[0]?.data?.alternativeTo === "DOCUMENT_VERIFICATION",
  );
  if (!wallet) return screens;
  const document = (s: Screen) => s.fields.every((f) => DOCUMENT_INPUTS.includes(f.fieldName));
  const first = screens.findIndex(document);
  const rest = screens
    .filter((s) => s !== wallet)
    .map((s) => (document(s) ? { ...s, insteadOf: "DIGITAL_CREDENTIAL" } : s));
  if (first < 0) return screens;
  const at = rest.findIndex(document);
  return [...rest.slice(0, at), wallet, ...rest.slice(at)];
}

function isRequired(field: InputField): boolean {
  return !field.optional || field.fieldName === "DOCUMENT_BACK";
}

export function isScreenDone(screen: Screen, supplied: ReadonlySet<string>): boolean {
  if (screen.insteadOf && supplied.has(screen.insteadOf)) return true;
  const required = screen.fields.filter(isRequired);
  if (required.length) return required.every((f) => supplied.has(f.fieldName));
  return screen.fields.some((f) => supplied.has(f.fieldName));
}

/**
 * Where the end user continues: the first screen still missing something. An optional screen (location) that
 * was passed over counts as done when a later screen holds inputs, or when this browser skipped it.
 */
export function nextOpenScreen(
  screens: readonly Screen[],
  supplied: ReadonlySet<string>,
  skipped: ReadonlySet<string> = new Set(),
): number {
  for (let i = 0; i < screens.length; i++) {
    const screen = screens[i]!;
    if (isScreenDone(screen, supplied) || skipped.has(screen.id)) continue;
    const optionalOnly = screen.fields.every((f) => !isRequired(f));
    const laterHasInputs = screens.slice(i + 1).some((s) => s.fields.some((f) => supplied.has(f.fieldName)));
    if (optionalOnly && laterHasInputs) continue;
    return i;
  }
  return screens.length;
}

/** Whether submitting screen `index` finishes the inputs: every other screen is done or skipped. */
export function isLastOpenScreen(
  screens: readonly Screen[],
  index: number,
  supplied: ReadonlySet<string>,
  skipped: ReadonlySet<string>,
): boolean {
  return screens.every(
    (screen, i) =>
      i === index ||
      isScreenDone(screen, supplied) ||
      skipped.has(screen.id) ||
      screen.fields.every((f) => !isRequired(f) && i < index),
  );
}
