import { describe, expect, it } from "vitest";
import { z } from "zod";
import { detailsFromZod, errorBody, validationError } from "@/lib/http/errors";
import { DomainError, ERROR_STATUS, type ErrorCode } from "@/lib/core/errors";

// the contract's error table (docs/api.md, "Errors")
const DECISIONS: [ErrorCode, number][] = [
  ["VALIDATION_ERROR", 400],
  ["INVALID_WORKFLOW", 400],
  ["INVALID_COUNTRY_CODE", 400],
  ["INVALID_API_KEY", 401],
  ["INSUFFICIENT_PERMISSIONS", 403],
  ["WORKFLOW_NOT_FOUND", 404],
  ["VERIFICATION_NOT_FOUND", 404],
  ["INVALID_STATE", 409],
  ["PAYLOAD_TOO_LARGE", 413],
  ["UNSUPPORTED_MEDIA_TYPE", 415],
  ["RATE_LIMITED", 429],
  ["OTP_RATE_LIMITED", 429],
  ["INTERNAL_ERROR", 500],
];

describe("ERROR_STATUS", () => {
  it.each(DECISIONS)("%s is HTTP %i", (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
    expect(new DomainError(code, "x").status).toBe(status);
  });

  it("maps every other code to a client error: only INTERNAL_ERROR and UPLOADS_BUSY are 5xx", () => {
    // UPLOADS_BUSY is the instance's load, not the client's fault: 503 with Retry-After (issue 33)
    expect(ERROR_STATUS.UPLOADS_BUSY).toBe(503);
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      if (code === "INTERNAL_ERROR" || code === "UPLOADS_BUSY") continue;
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(500);
    }
  });
});

describe("DomainError", () => {
  it("carries code, message, details and Retry-After seconds", () => {
    const error = new DomainError("RATE_LIMITED", "Slow down.", { retryAfter: 17 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("DomainError");
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toBe("Slow down.");
    expect(error.retryAfter).toBe(17);
    expect(error.details).toBeUndefined();
  });

  it("validationError builds a 400 with details", () => {
    const error = validationError([{ field: "flowId", message: "Required" }]);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.status).toBe(400);
    expect(error.message).toBe("The request is invalid.");
    expect(errorBody(error)).toEqual({
      error: "VALIDATION_ERROR",
      message: "The request is invalid.",
      details: [{ field: "flowId", message: "Required" }],
    });
  });
});

describe("errorBody", () => {
  it("is {error, message} and nothing else when there are no details", () => {
    expect(errorBody(new DomainError("INVALID_API_KEY", "Bad key."))).toEqual({
      error: "INVALID_API_KEY",
      message: "Bad key.",
    });
    expect(errorBody(new DomainError("VALIDATION_ERROR", "Bad.", { details: [] }))).toEqual({
      error: "VALIDATION_ERROR",
      message: "Bad.",
    });
  });

  it("never carries a stack trace or the retry interval", () => {
    const body = errorBody(new DomainError("RATE_LIMITED", "Slow down.", { retryAfter: 5 }));
    expect(Object.keys(body).sort()).toEqual(["error", "message"]);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });
});

describe("detailsFromZod", () => {
  const issues = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error("expected a failure");
    return result.error.issues;
  };

  it("names each failing field with a dotted path, array indexes included", () => {
    const schema = z.object({ inputs: z.array(z.object({ fieldName: z.string() })), flowId: z.string() });
    const details = detailsFromZod(issues(schema, { inputs: [{ fieldName: "OK" }, { fieldName: 5 }], flowId: 1 }));
    expect(details.map((d) => d.field)).toEqual(["inputs.1.fieldName", "flowId"]);
    for (const d of details) expect(d.message.length).toBeGreaterThan(0);
  });

  it("puts a prefix in front of every path", () => {
    expect(detailsFromZod([{ path: [0, "type"], message: "Invalid" }], "inputs")).toEqual([
      { field: "inputs.0.type", message: "Invalid" },
    ]);
  });

  it("leaves out `field` when the whole value is wrong", () => {
    expect(detailsFromZod(issues(z.object({}), "text"))).toEqual([{ message: expect.any(String) }]);
    expect(detailsFromZod([{ path: [], message: "Expected an object" }], "inputs")).toEqual([
      { field: "inputs", message: "Expected an object" },
    ]);
  });

  it("reports at most 20 problems", () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ path: [i], message: "Invalid" }));
    const details = detailsFromZod(many);
    expect(details).toHaveLength(20);
    expect(details[19]).toEqual({ field: "19", message: "Invalid" });
  });
});
