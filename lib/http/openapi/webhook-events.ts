import { z } from "zod";

// Webhook event payloads the OpenAPI document lists under `webhooks` (OpenAPI 3.1). The spec's own events are
// described in docs/api.md; this file holds the ones added since, each registered by id like the request schemas.

const WatchlistEntryRef = z
  .object({
    list: z.string().meta({ description: "Name of the imported list (npm run watchlist:import --name)" }),
    externalId: z
      .string()
      .meta({ description: "The publisher's id of the entry (OFAC uid, UN DATAID, OpenSanctions id)" }),
    entityType: z.enum(["PERSON", "ORGANIZATION", "VESSEL", "OTHER"]),
    name: z.string().meta({ description: "The entry's primary name, as the list writes it" }),
    matchedName: z.string().meta({ description: "The entry's name (primary or alias) that scored best" }),
    programs: z.array(z.string()).meta({ description: "Sanctions programmes the list names" }),
  })
  .meta({ id: "WatchlistEntryRef" });

export const IdentityWatchlistHitEvent = z
  .object({
    eventName: z.literal("identity_watchlist_hit"),
    eventId: z
      .uuid()
      .meta({ description: "Same on every retry of this delivery (also the x-service-event-id header)" }),
    flowId: z.uuid(),
    verificationId: z.uuid(),
    timeStamp: z.iso.datetime({ offset: false }),
    resource: z.string().meta({ description: "/api/v1/verifications/<verificationId>" }),
    metadata: z.record(z.string(), z.unknown()).meta({ description: "Metadata given at verification creation" }),
    linkSigned: z.boolean().optional().meta({
      description:
        "Only for a verification started from a shareable /verify link: false when the link was unsigned (its metadata was written by whoever opened it)",
    }),
    alertId: z.uuid().meta({ description: "The alert reviewers work from (dashboard, Review → Alerts)" }),
    score: z.number().min(0).max(1),
    matchedFields: z
      .array(z.enum(["name", "date_of_birth"]))
      .meta({ description: "Fields of the screened identity that agreed with the entry (names, never values)" }),
    dobAgreement: z.enum(["EXACT", "SAME_YEAR", "NEAR_YEAR", "UNKNOWN", "CONFLICT"]),
    entry: WatchlistEntryRef,
  })
  .meta({
    id: "IdentityWatchlistHitEvent",
    description:
      "Ongoing screening: the identity of an APPROVED verification (name and date of birth as screened when it was verified) matched a new or changed entry of an imported watchlist. Sent once per (verification, list entry). The verification's own status and result do not change.",
  });
