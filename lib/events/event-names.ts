export const EVENT_NAMES = [
  "verification_started",
  "verification_inputs_completed",
  "verification_completed",
  "verification_data_updated",
  "verification_abandoned",
  "step_completed",
] as const;

export type EventName = (typeof EVENT_NAMES)[number];
