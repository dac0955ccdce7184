import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";
import { openApiDocument } from "@/lib/http/openapi/openapi-document";

export const metadata: Metadata = { title: "API reference" };

export default function DocsPage() {
  return <ApiReference document={openApiDocument("")} />;
}
