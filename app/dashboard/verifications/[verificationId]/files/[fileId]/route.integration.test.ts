import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Member } from "@/lib/auth/permissions";
import { addMember, completedVerification, ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount } from "@/test/fixtures";

const session = vi.hoisted(() => ({ member: null as Member | null }));
// the route reads the signed-in member from Auth.js + cookies: stand in for that, nothing else
vi.mock("@/lib/auth/current-member", () => ({ currentMember: async () => session.member }));
const { GET } = await import("./route");

const get = (verificationId: string, fileId: string, headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost/dashboard/verifications/${verificationId}/files/${fileId}`, { headers }), {
    params: Promise.resolve({ verificationId, fileId }),
  });

describe("GET /dashboard/verifications/:id/files/:fileId", () => {
  beforeEach(() => {
    session.member = null;
  });

  it("streams the decrypted file to a member of the owning account, with private headers and ranges", async () => {
    const account = await createTestAccount();
    const made = await completedVerification(account);
    session.member = await addMember(account, "REVIEWER");
    const response = await get(made.verificationId, made.fileId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe("\x89PNG fake image bytes");
    const partial = await get(made.verificationId, made.fileId, { range: "bytes=2-4" });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toMatch(/^bytes 2-4\/\d+$/);
    expect(Buffer.from(await partial.arrayBuffer()).toString()).toBe("PNG");
  });

  it("is 404 signed out, for another account, and for a file of another verification", async () => {
    const account = await createTestAccount();
    const other = await createTestAccount();
    const mine = await completedVerification(account);
    const second = await completedVerification(account);
    const theirs = await completedVerification(other);
    expect((await get(mine.verificationId, mine.fileId)).status).toBe(404);
    session.member = ownerOf(account);
    expect((await get(theirs.verificationId, theirs.fileId)).status).toBe(404);
    expect((await get(mine.verificationId, theirs.fileId)).status).toBe(404);
    expect((await get(second.verificationId, mine.fileId)).status).toBe(404);
    expect((await get("not-a-uuid", mine.fileId)).status).toBe(404);
  });
});
