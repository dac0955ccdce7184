import { currentMember } from "@/lib/auth/current-member";
import { can } from "@/lib/auth/permissions";
import { ListFiltersSchema } from "@/lib/domain/verifications/list-verifications";
import {
  EXPORT_FORMATS,
  streamVerificationExport,
  type ExportFormat,
} from "@/lib/domain/verifications/export-verifications";

// GET /dashboard/verifications/export?format=csv|json&<the list's filters> — the filtered verification list, streamed
// (docs/exports.md). A dashboard session is required (signed out: to the sign-in page); the account and the mode
// (live / test) are the member's and the filter's, never another account's.

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
};

export async function GET(request: Request) {
  const member = await currentMember();
  if (!member) return Response.redirect(new URL("/login", request.url), 303);
  if (!can(member, "review")) return new Response("Not found", { status: 404 });
  const params = new URL(request.url).searchParams;
  const format = params.get("format") ?? "csv";
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    return new Response("format must be csv or json", { status: 400, headers: { "Content-Type": "text/plain" } });
  const raw = Object.fromEntries([...params.entries()].filter(([k, v]) => k !== "format" && v !== ""));
  const filters = ListFiltersSchema.parse(raw);
  const stream = await streamVerificationExport(member, filters, format as ExportFormat);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": CONTENT_TYPES[format as ExportFormat],
      "Content-Disposition": `attachment; filename="verifications-${filters.mode ?? "live"}-${day}.${format}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
