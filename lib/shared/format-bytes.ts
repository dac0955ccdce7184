/** A size limit in words ("25 MiB", "512 KiB"), as the API's and the upload's refusals state it. */
export function formatBytes(bytes: number): string {
  return bytes >= 1 << 20 ? `${Math.round(bytes / (1 << 20))} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
