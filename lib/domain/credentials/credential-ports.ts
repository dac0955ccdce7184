import "server-only";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { deleteStoredBytes, putFile } from "@/lib/engines/storage/file-store";
import { getBytes } from "@/lib/domain/webhooks/safe-request";
import { normalizeUpload } from "@/lib/domain/verifications/normalize-upload";
import { loadCredentialRequest } from "@/lib/domain/credentials/credential-request";
import { trustAnchorsFor } from "@/lib/domain/credentials/trust-anchors";
import type { CheckPorts } from "@/lib/checks/types";
import type { DataMode } from "@/lib/shared/data-mode";
import type { Prisma } from "@/generated/prisma/client";

// What the DIGITAL_CREDENTIAL process reads and writes beyond its inputs (lib/checks/types.ts CheckPorts), bound to
// one verification: its stored request, the anchors of its mode, status lists fetched without reaching inside the
// network, and the credential's portrait stored as the file the face matches read (CREDENTIAL_PORTRAIT).

/** The input name of the portrait a verified credential carried: written by the process, never by an end user. */
export const CREDENTIAL_PORTRAIT = "CREDENTIAL_PORTRAIT";

const STATUS_LIST_TIMEOUT_MS = 5_000;
const STATUS_LIST_MAX_BYTES = 2 * 1024 * 1024;

export class StatusListUnavailable extends Error {
  constructor(uri: string, reason: string) {
    super(`status list ${uri}: ${reason}`);
    this.name = "StatusListUnavailable";
  }
}

type Ports = Pick<
  CheckPorts,
  "credentialRequest" | "credentialTrustAnchors" | "fetchStatusList" | "storeCredentialPortrait"
>;

export function credentialPortsFor(verification: { id: string; accountId: string; mode: DataMode }): Ports {
  return {
    credentialRequest: () => loadCredentialRequest(verification.id),
    credentialTrustAnchors: () => trustAnchorsFor(verification.mode),
    fetchStatusList,
    storeCredentialPortrait: (image) => storePortrait(verification, image),
  };
}

async function fetchStatusList(uri: string): Promise<Uint8Array> {
  const outcome = await getBytes(uri, {
    timeoutMs: STATUS_LIST_TIMEOUT_MS,
    maxBytes: STATUS_LIST_MAX_BYTES,
    allowPrivate: env().CREDENTIAL_STATUS_ALLOW_PRIVATE_NETWORKS,
  });
  if (outcome.kind === "error") throw new StatusListUnavailable(uri, `${outcome.error}: ${outcome.message}`);
  if (outcome.statusCode !== 200) throw new StatusListUnavailable(uri, `HTTP ${outcome.statusCode}`);
  return outcome.bytes;
}

/** Normalised like an upload, stored sealed, replacing an earlier one (a retried step writes it again). */
async function storePortrait(
  verification: { id: string; accountId: string },
  image: { bytes: Buffer },
): Promise<string> {
  const file = await normalizeUpload(CREDENTIAL_PORTRAIT, "image", image.bytes);
  const stored = await putFile(verification.accountId, file.bytes);
  try {
    const { fileId, replacedKey } = await prisma.$transaction(async (tx) => {
      const earlier = await tx.verificationInput.findUnique({
        where: { verificationId_fieldName: { verificationId: verification.id, fieldName: CREDENTIAL_PORTRAIT } },
        select: { id: true, fileId: true, file: { select: { storageKey: true } } },
      });
      if (earlier) {
        await tx.verificationInput.delete({ where: { id: earlier.id } });
        if (earlier.fileId) await tx.storedFile.delete({ where: { id: earlier.fileId } });
      }
      const row = await tx.storedFile.create({
        data: {
          accountId: verification.accountId,
          storageKey: stored.storageKey,
          contentType: file.contentType,
          size: stored.size,
          sha256: stored.sha256,
          meta: { ...file.meta, source: "wallet credential" } as Prisma.InputJsonObject,
        },
        select: { id: true },
      });
      await tx.verificationInput.create({
        data: {
          verificationId: verification.id,
          fieldName: CREDENTIAL_PORTRAIT,
          type: "FILE",
          value: null,
          fileId: row.id,
        },
      });
      return { fileId: row.id, replacedKey: earlier?.file?.storageKey ?? null };
    });
    if (replacedKey) await deleteStoredBytes([replacedKey]).catch(() => undefined);
    return fileId;
  } catch (error) {
    await deleteStoredBytes([stored.storageKey]).catch(() => undefined);
    throw error;
  }
}
