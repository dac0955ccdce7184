import { Prisma } from "@/generated/prisma/client";
import { isSealedJson, isSealedText, openJson, openText, sealJson, sealText } from "@/lib/core/crypto/field-crypto";
import type { KeyInput } from "@/lib/core/crypto/keyring";
import {
  documentNumberIndex,
  emailIndex,
  inputIndex,
  nameWordIndexes,
  referenceIndex,
  referencePrefixes,
} from "@/lib/core/crypto/search-index";

// The columns that hold personal data are encrypted on every write made through the Prisma client and decrypted on
// every read, so the code above sees plain values (lib/core/db.ts installs this extension). The same write sets the
// row's blind indexes (lib/core/crypto/search-index.ts) from the plain value, in the same statement:
//   Verification.metadata          → emailIndex, referenceIndex, referencePrefixes
//   VerificationInput.value        → valueIndex (EMAIL, COUNTRY, POSTAL_CODE, CITY; the write must name fieldName)
//   VerificationStep.data          → nameWords, documentNumberIndex, imageHash (the perceptual hash, not reversible)
//   VerificationStep.checks        → failedChecks (names of FAILED checks: the overview's statistics)
//   Event.payload                  → (none)
//   AuditLog.data                  → (none): reviewers' comments and note bodies are free text about the person
// Raw SQL sees the envelopes: code that reads these columns with $queryRaw opens them itself (openJson/openText).
// Every value is sealed, including one that already looks sealed: these values come from strangers (an end user's
// FULL_NAME of "sealed:v1:…", an integrator's metadata of {"$sealed": …}), and skipping them would store them in
// the clear and make every later read fail to open them. Nothing writes an already-sealed value through the client.

type Row = Record<string, unknown>;
type Sealer = (key: KeyInput, data: Row) => void;

const WRITE_OPERATIONS = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
]);

function isNullType(value: unknown): boolean {
  return value === Prisma.DbNull || value === Prisma.JsonNull || value === Prisma.AnyNull;
}

function plainObject(value: unknown): Row | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Row) : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value : typeof value === "number" ? String(value) : null;
}

function sealJsonField(key: KeyInput, data: Row, field: string): unknown {
  const value = data[field];
  if (value === undefined || value === null || isNullType(value)) return value;
  data[field] = sealJson(key, value);
  return value;
}

const SEALERS: Record<string, Sealer> = {
  Verification(key, data) {
    if (!("metadata" in data)) return;
    const metadata = plainObject(sealJsonField(key, data, "metadata")) ?? {};
    const email = text(metadata.email);
    const reference = text(metadata.reference);
    data.emailIndex = email ? emailIndex(key, email) : null;
    data.referenceIndex = reference ? referenceIndex(key, reference) : null;
    data.referencePrefixes = reference ? referencePrefixes(key, reference) : [];
  },
  VerificationInput(key, data) {
    if (!("value" in data)) return;
    let value = data.value;
    if (plainObject(value) && "set" in (value as Row)) value = (value as Row).set;
    if (typeof value === "string") data.value = sealText(key, value);
    if (value === null || value === undefined) {
      data.valueIndex = null;
      return;
    }
    if (typeof data.fieldName !== "string")
      throw new Error("VerificationInput.value must be written with its fieldName (its blind index depends on it)");
    data.valueIndex = inputIndex(key, data.fieldName, typeof value === "string" ? value : null);
  },
  VerificationStep(key, data) {
    if ("data" in data) {
      const stepData = plainObject(sealJsonField(key, data, "data")) ?? {};
      const fullName = text(stepData.full_name);
      const number = text(stepData.document_number);
      const imageHash =
        typeof stepData.image_hash === "string" && /^[0-9a-f]{64}$/.test(stepData.image_hash)
          ? stepData.image_hash
          : null;
      data.nameWords = fullName ? nameWordIndexes(key, fullName) : [];
      data.documentNumberIndex = number ? documentNumberIndex(key, number) : null;
      data.imageHash = imageHash;
    }
    if ("checks" in data) {
      const checks = sealJsonField(key, data, "checks");
      data.failedChecks = Array.isArray(checks)
        ? [
            ...new Set(
              checks.flatMap((c) =>
                plainObject(c)?.result === "FAILED" && typeof plainObject(c)?.name === "string"
                  ? [plainObject(c)!.name as string]
                  : [],
              ),
            ),
          ]
        : [];
    }
  },
  Event(key, data) {
    if ("payload" in data) sealJsonField(key, data, "payload");
  },
  AuditLog(key, data) {
    if ("data" in data) sealJsonField(key, data, "data");
  },
};

function sealEach(sealer: Sealer, key: KeyInput, data: unknown): unknown {
  if (Array.isArray(data)) return data.map((d) => sealEach(sealer, key, d));
  const row = plainObject(data);
  if (!row) return data;
  const copy = { ...row };
  sealer(key, copy);
  return copy;
}

/** The arguments of a write with its sealed columns encrypted and its blind indexes set. */
export function sealWriteArgs(key: KeyInput, model: string, operation: string, args: unknown): unknown {
  const sealer = SEALERS[model];
  const row = plainObject(args);
  if (!sealer || !row || !WRITE_OPERATIONS.has(operation)) return args;
  const out: Row = { ...row };
  if ("data" in out) out.data = sealEach(sealer, key, out.data);
  if (operation === "upsert") {
    out.create = sealEach(sealer, key, out.create);
    out.update = sealEach(sealer, key, out.update);
  }
  return out;
}

/**
 * Opens, in place, every sealed value a query returned, wherever it sits (nested includes, relation joins): JSON
 * envelopes anywhere, and sealed text in a `value` field (the only sealed text column).
 */
export function openResult(key: KeyInput, result: unknown): unknown {
  if (Array.isArray(result)) {
    for (let i = 0; i < result.length; i++) result[i] = openResult(key, result[i]);
    return result;
  }
  if (!result || typeof result !== "object") return result;
  const proto = Object.getPrototypeOf(result);
  if (proto !== Object.prototype && proto !== null) return result; // Date, Decimal, Uint8Array …
  if (isSealedJson(result)) return openJson(key, result);
  const row = result as Row;
  for (const field of Object.keys(row)) {
    const value = row[field];
    if (field === "value" && isSealedText(value)) row[field] = openText(key, value);
    else if (value && typeof value === "object") row[field] = openResult(key, value);
  }
  return row;
}
