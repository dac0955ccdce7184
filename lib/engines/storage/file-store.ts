import "server-only";
import { randomUUID } from "node:crypto";
import { sha256Hex } from "@/lib/core/crypto/hash";
import { openWith, sealWith } from "@/lib/core/crypto/keyring";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { secrets } from "@/lib/core/secrets";
import type { StorageBackend } from "@/lib/engines/storage/backend";
import { postgresBackend } from "@/lib/engines/storage/postgres-backend";

// The one way files enter and leave storage. Bytes are sealed under the storage keyring's current key (its key id in
// the header, lib/core/crypto/keyring.ts) and open under any key of the ring; the storage name is bound into the
// ciphertext (AAD), so a blob moved under another name does not decrypt.

function backend(): StorageBackend {
  switch (env().STORAGE_BACKEND) {
    case "postgres":
      return postgresBackend;
  }
}

export type PutResult = { storageKey: string; sha256: string; size: number };

export async function putFile(accountId: string, bytes: Buffer): Promise<PutResult> {
  const storageKey = `${accountId}/${randomUUID()}`;
  await backend().put(storageKey, sealWith(secrets().keyring, "root", bytes, storageKey));
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
  return sealed
    ? { bytes: openWith(secrets().keyring, "root", sealed, file.storageKey), contentType: file.contentType }
    : null;
}
