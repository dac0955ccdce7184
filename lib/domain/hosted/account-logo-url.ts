/** Where the hosted page loads an account's logo: this origin (CSP img-src 'self'), versioned for caching. */
export function accountLogoUrl(clientId: string, logo: { updatedAt: Date } | null): string | null {
  return logo ? `/api/hosted/logo/${encodeURIComponent(clientId)}?v=${logo.updatedAt.getTime()}` : null;
}
