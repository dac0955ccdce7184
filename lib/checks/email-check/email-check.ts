import type { Check, VerificationProcess } from "@/lib/checks/types";
import { resultOfChecks } from "@/lib/checks/types";

/**
 * EMAIL_CHECK: the EMAIL_OTP submitted with this verification matched a code issued for the submitted EMAIL
 * within its 10 minutes and was used once (send-inputs consumes it on arrival and records the verification).
 */
export const emailCheck: VerificationProcess = {
  type: "EMAIL_CHECK",
  dependsOn: [],
  async run({ inputs, ports }) {
    const email = inputs.get("EMAIL")?.value ?? null;
    const checks: Check[] = [];
    const otp = email ? await ports.confirmedEmailOtp(email) : null;
    if (!email) checks.push({ name: "EMAIL_PRESENT", result: "FAILED", detail: "No e-mail address was submitted." });
    else if (!otp)
      checks.push({
        name: "OTP_MATCHED",
        result: "FAILED",
        detail: "No one-time code for this address was confirmed by this verification.",
      });
    else if (otp.consumedAt > otp.expiresAt)
      checks.push({ name: "OTP_MATCHED", result: "FAILED", detail: "The code was used after it expired." });
    else
      checks.push({
        name: "OTP_MATCHED",
        result: "PASSED",
        detail: "The code sent to the address was entered within its validity.",
      });
    return {
      result: resultOfChecks(checks),
      data: {
        email,
        email_verified: checks.every((c) => c.result === "PASSED"),
        confirmed_at: otp?.consumedAt.toISOString() ?? null,
      },
      checks,
    };
  },
};
