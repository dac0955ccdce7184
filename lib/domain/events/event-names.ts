export const EVENT_NAMES = [
  "verification_started",
  "verification_inputs_completed",
  "verification_completed",
  "verification_data_updated",
  "verification_abandoned",
  "step_completed",
  // ongoing screening (issue 19): an approved verification's identity matched a new or changed list entry
  "identity_watchlist_hit",
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

/**
 * Not one of the spec's events: what the dashboard's "Send test event" delivers, so an integrator can check their
 * endpoint and signature verification. It goes only to the endpoint it was sent from (whatever that endpoint's
 * event selection), has no verification (`flowId`, `resource` null, `test: true`), and cannot be subscribed to.
 */
export const TEST_EVENT_NAME = "webhook_test";
