export const OTP_VALIDITY_MS = 10 * 60_000;
export const OTP_REQUESTS_PER_HOUR = 5;
// codes sent for one verification per hour (whatever the address), and asked from one client address of the
// hosted page per hour (an API key is limited by its own rate limit: its address is the integrator's server)
export const OTP_REQUESTS_PER_VERIFICATION_PER_HOUR = 5;
export const OTP_REQUESTS_PER_ADDRESS_PER_HOUR = 10;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
