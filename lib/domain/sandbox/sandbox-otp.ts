import { DomainError } from "@/lib/core/errors";

/** The e-mail code of every test verification (docs/sandbox.md). */
export const SANDBOX_OTP = "000000";

/** A test verification's EMAIL_OTP: 000000 passes (no code row to consume: null), anything else is refused. */
export function checkSandboxOtp(code: string): null {
  if (code.trim() === SANDBOX_OTP) return null;
  const message = `The code is incorrect. In test mode the code is ${SANDBOX_OTP}.`;
  throw new DomainError("VALIDATION_ERROR", message, { details: [{ field: "EMAIL_OTP", message }] });
}
