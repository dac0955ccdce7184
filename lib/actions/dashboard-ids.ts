import { z } from "zod";
import { NotFoundError } from "@/lib/auth/permissions";

const Uuid = z.uuid();

/** An id from a URL or a form: not a UUID is simply not found (Postgres would reject it as a uuid). */
export function idOrNotFound(id: unknown): string {
  const parsed = Uuid.safeParse(id);
  if (!parsed.success) throw new NotFoundError("Not found");
  return parsed.data;
}

/** Prisma's unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}
