import { z } from "zod";

// A LOCATION input as stored (the browser's geolocation): the API validates it on arrival and the checks that read
// it parse it again with the same schema.
export const LocationSchema = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    accuracy: z.number().min(0).max(1_000_000).optional(),
  })
  .strict();
