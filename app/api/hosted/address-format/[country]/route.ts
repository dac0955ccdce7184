import { z } from "zod";
import { apiRoute, json } from "@/lib/http/handler";
import { addressFormat } from "@/lib/domain/hosted/address-format";

export const runtime = "nodejs";

// GET /api/hosted/address-format/{country} — labels, parts and postal code hints for the hosted address form
export const GET = apiRoute(
  { auth: "public", params: z.object({ country: z.string().max(8) }) },
  async ({ params }) => {
    const response = json(await addressFormat(params.country));
    response.headers.set("Cache-Control", "public, max-age=86400");
    return response;
  },
);
