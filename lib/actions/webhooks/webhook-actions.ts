"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { memberAction } from "@/lib/actions/action";
import { done, type ActionState } from "@/lib/actions/action-state";
import { WebhookEndpointSchema } from "@/lib/domain/webhooks/create-webhook-endpoint";
import {
  createMemberWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "@/lib/domain/webhooks/manage-webhook-endpoints";
import { resendMemberDelivery, sendTestWebhook } from "@/lib/domain/webhooks/webhook-deliveries";

const EndpointIdSchema = z.object({ endpointId: z.string() });
const DeliverySchema = z.object({ endpointId: z.string(), deliveryId: z.string() });

function endpointInput(form: FormData) {
  return {
    url: String(form.get("url") ?? "").trim(),
    events: form.getAll("events"),
    enabled: form.get("enabled") === "on",
  };
}

export async function createWebhookEndpointAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { ...endpointInput(form), mode: form.get("mode") === "test" ? "test" : "live" };
  return memberAction({ permission: "manageWebhooks", schema: WebhookEndpointSchema, input }, async (member, data) => {
    const { id, secret } = await createMemberWebhookEndpoint(member, data);
    revalidatePath("/dashboard/webhooks");
    return done(undefined, { id, secret });
  });
}

export async function updateWebhookEndpointAction(
  endpointId: string,
  _state: ActionState,
  form: FormData,
): Promise<ActionState> {
  const input = endpointInput(form);
  return memberAction({ permission: "manageWebhooks", schema: WebhookEndpointSchema, input }, async (member, data) => {
    const { id } = await updateWebhookEndpoint(member, endpointId, data);
    revalidatePath("/dashboard/webhooks", "layout");
    return done(undefined, { id });
  });
}

export async function rotateWebhookSecretAction(endpointId: string): Promise<ActionState> {
  const input = { endpointId };
  return memberAction({ permission: "manageWebhooks", schema: EndpointIdSchema, input }, async (member, data) =>
    done(undefined, await rotateWebhookSecret(member, data.endpointId)),
  );
}

export async function sendTestWebhookAction(endpointId: string): Promise<ActionState> {
  const input = { endpointId };
  return memberAction({ permission: "manageWebhooks", schema: EndpointIdSchema, input }, async (member, data) => {
    await sendTestWebhook(member, data.endpointId);
    revalidatePath(`/dashboard/webhooks/${data.endpointId}`);
    return done();
  });
}

export async function resendDeliveryAction(endpointId: string, deliveryId: string): Promise<ActionState> {
  const input = { endpointId, deliveryId };
  return memberAction({ permission: "manageWebhooks", schema: DeliverySchema, input }, async (member, data) => {
    await resendMemberDelivery(member, data.deliveryId);
    revalidatePath(`/dashboard/webhooks/${data.endpointId}`);
    return done();
  });
}
