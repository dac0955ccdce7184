// One input as send-inputs receives it, before validation: what the API layer (lib/http/read-inputs-request.ts)
// hands the domain function (lib/domain/verifications/send-inputs.ts), whether it came as JSON or multipart.

export const INPUT_TYPES = ["TEXT", "FILE", "LOCATION"] as const;

export type RawInput = {
  fieldName: string;
  type: (typeof INPUT_TYPES)[number];
  value?: string | Record<string, unknown>;
  file?: Buffer;
};
