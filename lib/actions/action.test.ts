import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DashboardError, DomainError, ForbiddenError, NotFoundError } from "@/lib/core/errors";

// The one wrapper of every dashboard action: each refusal is an answer, the permission check included.
const memberForAction = vi.fn();
vi.mock("@/lib/auth/current-member", () => ({
  memberForAction: (permission: string) => memberForAction(permission),
}));
const { memberAction, runAction } = await import("@/lib/actions/action");

afterEach(() => vi.restoreAllMocks());

describe("runAction / memberAction", () => {
  it("answers a role without the permission like another account's id, inside the wrapper (no generic Next failure)", async () => {
    memberForAction.mockRejectedValueOnce(new ForbiddenError());
    const body = vi.fn();
    expect(await memberAction("manageWebhooks", body)).toEqual({ ok: false, error: "Not found, or not allowed" });
    expect(body).not.toHaveBeenCalled();
    expect(
      await runAction(async () => {
        throw new NotFoundError();
      }),
    ).toEqual({ ok: false, error: "Not found, or not allowed" });
  });

  it("passes the member to the body when allowed", async () => {
    memberForAction.mockResolvedValueOnce({ accountId: "a", userId: "u", role: "OWNER" });
    expect(await memberAction("manageWebhooks", async (m) => ({ ok: true, id: m.accountId }))).toEqual({
      ok: true,
      id: "a",
    });
    expect(memberForAction).toHaveBeenCalledWith("manageWebhooks");
  });

  it("answers zod issues by field, a DomainError with its message and details, a DashboardError as is", async () => {
    const zod = await runAction(async () => {
      z.object({ name: z.string().min(3) }).parse({ name: "x" });
      return { ok: true };
    });
    expect(zod).toMatchObject({
      ok: false,
      error: "Check the highlighted fields",
      fieldErrors: { name: expect.any(String) },
    });
    const domain = await runAction(async () => {
      throw new DomainError("VALIDATION_ERROR", "metadata is invalid.", {
        details: [{ field: "metadata.userId", message: "Expected a string" }],
      });
    });
    expect(domain).toEqual({
      ok: false,
      error: "metadata is invalid. (Expected a string)",
      fieldErrors: { "metadata.userId": "Expected a string" },
    });
    expect(
      await runAction(async () => {
        throw new DashboardError("Nothing changed");
      }),
    ).toEqual({ ok: false, error: "Nothing changed" });
  });

  it("answers anything else generically and logs it once, by name only", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(
      await runAction(async () => {
        throw new TypeError("secret 4111 in the message");
      }),
    ).toEqual({ ok: false, error: "Something went wrong. Try again." });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(logged.mock.calls)).not.toContain("4111");
  });

  it("lets Next's redirect through", async () => {
    const redirect = Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/dashboard;307;" });
    await expect(
      runAction(async () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
  });
});
