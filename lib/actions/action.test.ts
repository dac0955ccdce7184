import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DashboardError, DomainError, ForbiddenError, NotFoundError } from "@/lib/core/errors";

// The one wrapper of every dashboard action: each refusal is an answer, the permission check included.
const memberForAction = vi.fn();
vi.mock("@/lib/auth/current-member", () => ({
  memberForAction: (permission: string) => memberForAction(permission),
}));
const { memberAction, runAction } = await import("@/lib/actions/action");
const { done, fieldError } = await import("@/lib/actions/action-state");

afterEach(() => {
  vi.restoreAllMocks();
  memberForAction.mockReset();
});

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

  it("parses a declared schema after the permission check and hands the body the parsed data", async () => {
    const schema = z.object({ amberHours: z.coerce.number().int().min(1) });
    memberForAction.mockRejectedValueOnce(new ForbiddenError());
    const body = vi.fn();
    // a role without the permission learns nothing about the input's validity
    expect(await memberAction({ permission: "manageReview", schema, input: { amberHours: "x" } }, body)).toEqual({
      ok: false,
      error: "Not found, or not allowed",
    });
    memberForAction.mockResolvedValue({ accountId: "a", userId: "u", role: "OWNER" });
    expect(await memberAction({ permission: "manageReview", schema, input: { amberHours: "0" } }, body)).toEqual({
      ok: false,
      error: "Check the highlighted fields",
      fieldErrors: { amberHours: expect.any(String) },
    });
    expect(body).not.toHaveBeenCalled();
    await memberAction({ permission: "manageReview", schema, input: { amberHours: "24" } }, body);
    expect(body).toHaveBeenCalledWith(expect.objectContaining({ userId: "u" }), { amberHours: 24 });
  });

  it("maps nested paths dotted and a whole-object issue under form, and gives a refused form its values back", async () => {
    const schema = z
      .object({ email: z.string(), hosts: z.array(z.string().min(3)), password: z.string() })
      .refine((v) => v.password !== v.email, "The password must not be the e-mail");
    const nested = await runAction(
      { schema, input: { email: "a@b.example", hosts: ["ok.example", "x"], password: "p" }, values: { email: "a" } },
      async () => ({ ok: true }),
    );
    expect(nested).toEqual({
      ok: false,
      error: "Check the highlighted fields",
      fieldErrors: { "hosts.1": expect.any(String) },
      values: { email: "a" },
    });
    const whole = await runAction(
      { schema, input: { email: "same", hosts: [], password: "same" }, values: { email: "same" } },
      async () => ({ ok: true }),
    );
    expect(whole?.fieldErrors).toEqual({ form: "The password must not be the e-mail" });
    // a success keeps no values: the form starts afresh
    expect(
      await runAction({ schema, input: { email: "e", hosts: [], password: "p" }, values: { email: "e" } }, async () =>
        done("Saved."),
      ),
    ).toEqual({ ok: true, message: "Saved." });
  });
});

describe("fieldError", () => {
  it("finds a field's own error, else the first of a value inside it, and nothing for a field with a similar name", () => {
    const errors = { name: "Required", "hosts.2": "One host per line", "events.0": "Unknown event" };
    expect(fieldError(errors, "name")).toBe("Required");
    expect(fieldError(errors, "hosts")).toBe("One host per line");
    expect(fieldError(errors, "host")).toBeUndefined();
    expect(fieldError(errors, "eventsX")).toBeUndefined();
    expect(fieldError(undefined, "name")).toBeUndefined();
  });
});
