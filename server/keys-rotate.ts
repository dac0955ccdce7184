// `npm run keys:rotate [-- --batch <rows>]`: re-seals every stored file, webhook secret and sealed column under the
// current storage key (STORAGE_ENCRYPTION_KEY) and recomputes the blind indexes, while the service runs. Run it
// once every instance seals under the new key and still accepts the old one (STORAGE_ENCRYPTION_KEYS_PREVIOUS):
// docs/operations.md, "Rotating the storage key", has the whole order. Resumable: run it again after an
// interruption. Exit code 1 while anything is left under another key or could not be opened.
import { prisma } from "@/lib/core/db";
import { rotateStorageKey } from "@/lib/domain/operations/rotate-storage-key";
import { secrets } from "@/lib/core/secrets";

async function main(argv: string[]) {
  const at = argv.indexOf("--batch");
  const batchSize = at >= 0 ? Number(argv[at + 1]) : 100;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error("usage: npm run keys:rotate -- [--batch <rows>]");
  const ring = secrets().keyring;
  console.log(
    `current key id ${ring.current.id.toString("hex")}; also accepted for reading: ${
      ring.keys
        .slice(1)
        .map((k) => k.id.toString("hex"))
        .join(", ") || "none (STORAGE_ENCRYPTION_KEYS_PREVIOUS is unset: only values without a key id can be re-sealed)"
    }`,
  );
  const results = await rotateStorageKey({
    batchSize,
    onPart: (r) =>
      console.log(
        `${r.part.padEnd(24)} re-sealed ${String(r.resealed).padStart(8)}   unreadable ${String(r.unreadable).padStart(6)}   left ${String(r.remaining).padStart(6)}`,
      ),
  });
  const left = results.reduce((n, r) => n + r.remaining, 0);
  if (left > 0) {
    process.exitCode = 1;
    console.log(
      `${left} value(s) are still under another key: keep the old key in STORAGE_ENCRYPTION_KEYS_PREVIOUS; ` +
        `values written meanwhile by an instance that still seals under the old key are re-sealed by running this again, ` +
        `unreadable ones were sealed under a key that is not configured`,
    );
  } else console.log("every value is under the current key: the old key may leave STORAGE_ENCRYPTION_KEYS_PREVIOUS");
}

main(process.argv.slice(2))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect()); // ends the pool the rotation's SQL ran on too
