/**
 * Where the finished page sends the end user: metadata.redirectUrl (http/https only) with verificationId, status
 * and, once decided, result as query parameters. Null for any other scheme (javascript:, data:, …).
 */
export function finishRedirectUrl(
  redirectUrl: string | null,
  verificationId: string,
  status: string,
  result: string | null,
): string | null {
  if (!redirectUrl) return null;
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  url.searchParams.set("verificationId", verificationId);
  url.searchParams.set("status", status);
  if (result) url.searchParams.set("result", result);
  return url.toString();
}
