import "server-only";
import { randomUUID } from "node:crypto";
import { open, seal } from "@/lib/crypto/aead";
import { sha256Hex } from "@/lib/crypto/hash";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { secrets } from "@/lib/secrets";
import type { StorageBackend } from "@/lib/storage/backend";
import { postgresBackend } from "@/lib/storage/postgres-backend";

// The one way files enter and leave storage. Bytes are sealed with the storage key; the storage key name is
// bound into the ciphertext (AAD), so a blob moved under another name does not decrypt.

function backend(): StorageBackend {
  switch (env().STORAGE_BACKEND) {
    case "postgres":
      return postgresBackend;
  }
}

export type PutResult = { storageKey: string; sha256: string; size: number };

export async function putFile(accountId: string, bytes: Buffer): Promise<PutResult> {
  const storageKey = `${accountId}/${randomUUID()}`;
  await backend().put(storageKey, seal(bytes, secrets().storageKey, storageKey));
  return { storageKey, sha256: sha256Hex(bytes), size: bytes.length };
}

export async function deleteStoredBytes(storageKeys: string[]): Promise<void> {
  await backend().delete(storageKeys);
}

/** Plaintext of a stored file of this account, or null (unknown id, other account, or bytes erased). */
export async function readFile(
  accountId: string,
  fileId: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const file = await prisma.storedFile.findFirst({
    where: { id: fileId, accountId },
    select: { storageKey: true, contentType: true },
  });
  if (!file) return null;
  const sealed = await backend().get(file.storageKey);
  return sealed ? { bytes: open(sealed, secrets().storageKey, file.storageKey), contentType: file.contentType } : null;
}
