import "server-only";
import { DomainError, type ErrorDetail } from "@/lib/core/errors";
import type { CallerScope } from "@/lib/auth/caller-scope";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { notifyWork } from "@/lib/jobs/dispatch";
import { recordEvent } from "@/lib/domain/events/record-event";
import { checkEmailOtp } from "@/lib/domain/hosted/otp/check-email-otp";
import { checkSandboxOtp } from "@/lib/domain/sandbox/sandbox-otp";
import { deleteStoredBytes, putFile } from "@/lib/engines/storage/file-store";
import { normalizeUpload, type NormalizedFile } from "@/lib/domain/verifications/normalize-upload";
import { buildInputs, fileKindOf, missingInputs, type InputField } from "@/lib/domain/flows/inputs";
import { toWorkflowShape } from "@/lib/domain/flows/workflow-shape";
import { assertConsentGiven } from "@/lib/domain/hosted/record-consent";
import { takeCaptureReport } from "@/lib/domain/hosted/capture-report";
import { findVerificationOrThrow, type LoadedVerification } from "@/lib/domain/verifications/find-verification";
import { documentTypeIssuedIn } from "@/lib/domain/flows/document-types/catalog";
import { TEXT_RULES, pickOption } from "@/lib/domain/verifications/input-rules";
import { LocationSchema } from "@/lib/shared/location-input";
import { expireVerification, isFinal } from "@/lib/domain/verifications/transitions";
import type { RawInput } from "@/lib/domain/verifications/raw-input";
import type { Prisma } from "@/generated/prisma/client";

type Accepted = { fieldName: string; type: "TEXT" | "FILE" | "LOCATION"; value: string | null; file?: NormalizedFile };

/**
 * Stores inputs of a verification. Everything is validated (and files normalised) before anything is written;
 * the rows, the status change, the engine's job and the events commit in one transaction.
 */
export async function sendInputs(caller: CallerScope, verificationId: string, items: RawInput[], complete: boolean) {
  if (caller.session && caller.session.verificationId !== verificationId) {
    throw new DomainError("VERIFICATION_NOT_FOUND", "No verification with this id exists for this account.");
  }
  const now = clock.now();
  const verification = await findVerificationOrThrow(caller.accountId, verificationId, caller.mode);
  await assertAcceptsInputs(verification, now);
  // the hosted page's inputs wait for the end user's consent; an API key's caller answers for its own (docs/api.md)
  if (caller.session) await assertConsentGiven(verification.id);

  const fields = buildInputs(toWorkflowShape(verification.workflowVersion));
  const supplied = new Map(verification.inputs.map((i) => [i.fieldName, i.value]));
  // the hosted page's capture report travels on the selfie video's stored file, not as an input (issue 31)
  const report = takeCaptureReport(caller, items);
  const accepted = await validateItems(report.items, fields, supplied);
  report.stamp(accepted);
  const otpId = await checkOtpIfSubmitted(verification, accepted, supplied, now);

  const stored = new Map<string, Awaited<ReturnType<typeof putFile>>>();
  try {
    for (const item of accepted)
      if (item.file) stored.set(item.fieldName, await putFile(verification.accountId, item.file.bytes));
    const outcome = await prisma.$transaction((tx) =>
      writeInputs(tx, verification, accepted, stored, { fields, supplied, complete, otpId, now }),
    );
    if (outcome.replacedKeys.length) await deleteStoredBytes(outcome.replacedKeys).catch(() => undefined);
    if (outcome.completed) {
      notifyWork("verification", verification.id);
      notifyWork("deliveries");
    }
    return {
      status: "success" as const,
      message: outcome.completed
        ? "All required inputs received; the verification is processing."
        : outcome.missing.length
          ? `Inputs saved. Still required: ${outcome.missing.map((m) => m.fieldName).join(", ")}.`
          : "Inputs saved. Send complete: true (or omit it) when the end user is done.",
      verificationId: verification.id,
    };
  } catch (error) {
    // nothing half-written: bytes of a failed request are removed again
    await deleteStoredBytes([...stored.values()].map((s) => s.storageKey)).catch(() => undefined);
    throw error;
  }
}

async function assertAcceptsInputs(verification: LoadedVerification, now: Date) {
  if (
    verification.expiresAt &&
    verification.expiresAt <= now &&
    !isFinal(verification.status) &&
    verification.status !== "PROCESSING"
  ) {
    await expireVerification(verification.id, now);
    throw new DomainError("INVALID_STATE", "The verification link has expired.");
  }
  if (isFinal(verification.status) || verification.status === "PROCESSING") {
    throw new DomainError("INVALID_STATE", `The verification is ${verification.status}: it accepts no more inputs.`);
  }
}

async function validateItems(
  items: RawInput[],
  fields: InputField[],
  supplied: Map<string, string | null>,
): Promise<Accepted[]> {
  const byName = new Map(fields.map((f) => [f.fieldName, f]));
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const accepted: Accepted[] = [];
  for (const item of items) {
    const field = byName.get(item.fieldName);
    if (!field) {
      details.push({ field: item.fieldName, message: "This workflow does not ask for this input" });
      continue;
    }
    if (seen.has(item.fieldName)) {
      details.push({ field: item.fieldName, message: "Sent more than once" });
      continue;
    }
    seen.add(item.fieldName);
    const expected = field.fieldType === "FILE" ? "FILE" : field.fieldType === "LOCATION" ? "LOCATION" : "TEXT";
    if (item.type !== expected) {
      details.push({ field: item.fieldName, message: `Expected type ${expected}` });
      continue;
    }
    const result = checkValue(item, field);
    if ("error" in result) details.push({ field: item.fieldName, message: result.error });
    else accepted.push(result);
  }
  // the chosen document type must exist in the chosen country
  const country = accepted.find((a) => a.fieldName === "DOCUMENT_COUNTRY")?.value ?? supplied.get("DOCUMENT_COUNTRY");
  const type = accepted.find((a) => a.fieldName === "DOCUMENT_TYPE")?.value ?? supplied.get("DOCUMENT_TYPE");
  if (country && type && !documentTypeIssuedIn(type, country)) {
    details.push({ field: "DOCUMENT_TYPE", message: `${type} is not issued in ${country}` });
  }
  if (details.length) throw new DomainError("VALIDATION_ERROR", "Some inputs are invalid.", { details });

  // files last: decoding is the expensive part, and a bad file is its own error (413 / 415 / 400)
  for (const item of accepted) {
    if (item.type !== "FILE") continue;
    const raw = items.find((i) => i.fieldName === item.fieldName)!.file!;
    item.file = await normalizeUpload(item.fieldName, fileKindOf(item.fieldName), raw);
  }
  return accepted;
}

function checkValue(item: RawInput, field: InputField): Accepted | { error: string } {
  if (item.type === "FILE")
    return item.file ? { fieldName: item.fieldName, type: "FILE", value: null } : { error: "A file is required" };
  if (item.type === "LOCATION") {
    let value: unknown = item.value;
    if (typeof value === "string") {
      try {
        value = JSON.parse(value);
      } catch {
        return { error: "Expected JSON {latitude, longitude, accuracy}" };
      }
    }
    const parsed = LocationSchema.safeParse(value);
    return parsed.success
      ? { fieldName: item.fieldName, type: "LOCATION", value: JSON.stringify(parsed.data) }
      : { error: "Expected {latitude: -90..90, longitude: -180..180, accuracy?: metres}" };
  }
  if (typeof item.value !== "string") return { error: "Expected a string value" };
  if (field.fieldType === "DROPDOWN") {
    const options = (field.data?.options ?? []) as string[];
    const option = pickOption(item.value, options);
    return option
      ? { fieldName: item.fieldName, type: "TEXT", value: option }
      : { error: "Not one of the offered options" };
  }
  const rule = TEXT_RULES[item.fieldName];
  const parsed = rule
    ? rule.safeParse(item.value)
    : { success: false as const, error: { issues: [{ message: "Unsupported field" }] } };
  return parsed.success
    ? { fieldName: item.fieldName, type: "TEXT", value: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? "Invalid value" };
}

/** EMAIL_OTP is checked on arrival, so the end user learns of a typo at once and guesses are counted. */
async function checkOtpIfSubmitted(
  verification: LoadedVerification,
  accepted: Accepted[],
  supplied: Map<string, string | null>,
  now: Date,
) {
  const code = accepted.find((a) => a.fieldName === "EMAIL_OTP")?.value;
  if (!code) return null;
  const email = accepted.find((a) => a.fieldName === "EMAIL")?.value ?? supplied.get("EMAIL");
  if (!email)
    throw new DomainError("VALIDATION_ERROR", "Send EMAIL with (or before) EMAIL_OTP.", {
      details: [{ field: "EMAIL", message: "Required before the code can be checked" }],
    });
  // the sandbox's code (docs/sandbox.md): nothing is mailed or stored, 000000 is right and any other code wrong
  if (verification.mode === "test") return checkSandboxOtp(code);
  return checkEmailOtp({ workflowId: verification.workflowId, verificationId: verification.id, email, code, now });
}

async function writeInputs(
  tx: Prisma.TransactionClient,
  verification: LoadedVerification,
  accepted: Accepted[],
  stored: Map<string, Awaited<ReturnType<typeof putFile>>>,
  ctx: {
    fields: InputField[];
    supplied: Map<string, string | null>;
    complete: boolean;
    otpId: string | null;
    now: Date;
  },
) {
  // lock the row: two requests that both complete the inputs must not both start processing
  const [row] = await tx.$queryRaw<
    { status: string }[]
  >`SELECT "status"::text FROM "Verification" WHERE "id" = ${verification.id}::uuid FOR UPDATE`;
  if (!row || isFinal(row.status) || row.status === "PROCESSING") {
    throw new DomainError("INVALID_STATE", `The verification is ${row?.status ?? "gone"}: it accepts no more inputs.`);
  }
  if (ctx.otpId) {
    const consumed = await tx.emailOtp.updateMany({
      where: { id: ctx.otpId, consumedAt: null },
      data: { consumedAt: ctx.now, verificationId: verification.id },
    });
    if (consumed.count !== 1)
      throw new DomainError("VALIDATION_ERROR", "The code was already used. Request a new code.", {
        details: [{ field: "EMAIL_OTP", message: "Already used" }],
      });
  }

  const replaced = await tx.verificationInput.findMany({
    where: {
      verificationId: verification.id,
      fieldName: { in: accepted.map((a) => a.fieldName) },
      fileId: { not: null },
    },
    select: { fileId: true, file: { select: { storageKey: true } } },
  });
  await tx.verificationInput.deleteMany({
    where: { verificationId: verification.id, fieldName: { in: accepted.map((a) => a.fieldName) } },
  });
  if (replaced.length) await tx.storedFile.deleteMany({ where: { id: { in: replaced.map((r) => r.fileId!) } } });

  for (const item of accepted) {
    const file = stored.get(item.fieldName);
    const storedFile = file
      ? await tx.storedFile.create({
          data: {
            accountId: verification.accountId,
            storageKey: file.storageKey,
            contentType: item.file!.contentType,
            size: file.size,
            sha256: file.sha256,
            meta: item.file!.meta as Prisma.InputJsonObject,
          },
          select: { id: true },
        })
      : null;
    await tx.verificationInput.create({
      data: {
        verificationId: verification.id,
        fieldName: item.fieldName,
        type: item.type,
        value: item.value,
        fileId: storedFile?.id,
      },
    });
    ctx.supplied.set(item.fieldName, item.value);
  }

  const missing = missingInputs(ctx.fields, ctx.supplied);
  const completed = ctx.complete && missing.length === 0;
  await tx.verification.update({
    where: { id: verification.id },
    data: {
      lastActivityAt: ctx.now,
      ...(completed
        ? { status: "PROCESSING", inputsCompletedAt: ctx.now }
        : row.status === "PENDING"
          ? { status: "INITIATED" }
          : {}),
    },
  });
  if (completed) {
    // the durable "inputs completed" record the engine picks up, even after a crash
    await tx.job.create({
      data: {
        type: "RUN_VERIFICATION",
        verificationId: verification.id,
        dedupeKey: `run:${verification.id}`,
        runAt: ctx.now,
      },
    });
    await recordEvent(tx, verification, "verification_inputs_completed", {}, ctx.now);
  }
  return {
    completed,
    missing,
    replacedKeys: replaced.map((r) => r.file?.storageKey).filter((k): k is string => Boolean(k)),
  };
}
