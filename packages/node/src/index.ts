// @openkyc/node — the typed server SDK of the OpenKYC API (docs: packages/node/README.md).
export { OpenKYC, type OpenKYCOptions, type WriteOptions } from "./client.js";
export {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  OpenKYCError,
  PermissionError,
  RateLimitError,
  ServerError,
} from "./errors.js";
export {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookEventName,
} from "./webhooks.js";
export type * from "./types.js";
