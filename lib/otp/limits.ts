export const OTP_VALIDITY_MS = 10 * 60_000;
export const OTP_REQUESTS_PER_HOUR = 5;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
