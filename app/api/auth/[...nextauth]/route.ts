import { handlers } from "@/auth";

export const runtime = "nodejs";

// GET/POST /api/auth/* — Auth.js (sign-in, sign-out, session, CSRF)
export const { GET, POST } = handlers;
