import { currentMember } from "@/lib/auth/current-member";
import { readVerificationFile } from "@/lib/domain/verifications/read-verification-file";

// GET /dashboard/verifications/:verificationId/files/:fileId — an input file, decrypted, to signed-in members of
// the owning account only. Anything else (signed out, another account, a file of another verification) is 404.
// Range requests are answered (206) so the browser can seek in videos.

const HEADERS = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Accept-Ranges": "bytes" };

function notFound() {
  return new Response("Not found", { status: 404, headers: { ...HEADERS, "Content-Type": "text/plain" } });
}

export async function GET(
  request: Request,
  { params }: { params: Promise<{ verificationId: string; fileId: string }> },
) {
  const member = await currentMember();
  if (!member) return notFound();
  const { verificationId, fileId } = await params;
  const file = await readVerificationFile(member, verificationId, fileId);
  if (!file) return notFound();
  const headers = { ...HEADERS, "Content-Type": file.contentType, "Content-Disposition": "inline" };
  const size = file.bytes.length;
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("range") ?? "");
  if (range && (range[1] || range[2])) {
    // "bytes=a-b", "bytes=a-" or the suffix form "bytes=-n"
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end)
      return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
    return new Response(new Uint8Array(file.bytes.subarray(start, end + 1)), {
      status: 206,
      headers: {
        ...headers,
        "Content-Range": `bytes ${start}-${end}/${size}`,
        "Content-Length": String(end - start + 1),
      },
    });
  }
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: { ...headers, "Content-Length": String(size) },
  });
}
