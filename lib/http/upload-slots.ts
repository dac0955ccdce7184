import "server-only";
import { DomainError } from "@/lib/core/errors";
import { setting } from "@/lib/core/env";

// A large upload holds its bytes in memory from the moment they are read until its files are stored (a copy per
// file, plus what decoding and sealing take). Counting them per process bounds that memory: beyond
// MAX_CONCURRENT_UPLOADS, a large upload is answered 503 with Retry-After (issue 33) — before its body is read when
// its Content-Length says it is large, or the moment its bytes pass SMALL_BODY_BYTES when it declared no length.

/** A body at most this large is small (text inputs, a thumbnail): it takes no slot. */
export const SMALL_BODY_BYTES = 1024 * 1024;
const RETRY_AFTER_SECONDS = 5;

let active = 0;

export type UploadSlot = {
  /** called with the bytes read so far: takes the slot once the body turns out large, or throws UPLOADS_BUSY */
  observe(bytesRead: number): void;
  /** frees the slot (once, whatever happened) */
  release(): void;
};

/** The request's claim on an upload slot; a body declared larger than SMALL_BODY_BYTES takes (or is refused) now. */
export function uploadSlot(request: Request): UploadSlot {
  let held = false;
  const take = () => {
    if (held) return;
    if (active >= setting("MAX_CONCURRENT_UPLOADS")) throw busy();
    active++;
    held = true;
  };
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > SMALL_BODY_BYTES) take();
  return {
    observe(bytesRead) {
      if (bytesRead > SMALL_BODY_BYTES) take();
    },
    release() {
      if (!held) return;
      held = false;
      active--;
    },
  };
}

function busy() {
  return new DomainError(
    "UPLOADS_BUSY",
    `This instance is receiving as many large uploads as it takes at once. Retry after ${RETRY_AFTER_SECONDS} s.`,
    { retryAfter: RETRY_AFTER_SECONDS },
  );
}

/** For the bench: how many large uploads this process holds now. */
export function activeUploads(): number {
  return active;
}
