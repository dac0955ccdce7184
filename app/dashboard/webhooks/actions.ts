"use server";
import { revalidatePath } from "next/cache";
import { done, memberAction, type ActionState } from "@/lib/actions/action";
import {
  createMemberWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "@/lib/domain/webhooks/manage-webhook-endpoints";
import { resendMemberDelivery, sendTestWebhook } from "@/lib/domain/webhooks/webhook-deliveries";

export type EndpointFormState = ActionState;

function endpointInput(form: FormData) {
  return {
    url: String(form.get("url") ?? "").trim(),
    events: form.getAll("events"),
    enabled: form.get("enabled") === "on",
  };
}

export async function createWebhookEndpointAction(
  _state: EndpointFormState,
  form: FormData,
): Promise<EndpointFormState> {
  return memberAction("manageWebhooks", async (member) => {
    const result = await createMemberWebhookEndpoint(member, {
      ...endpointInput(form),
      mode: form.get("mode") === "test" ? "test" : "live",
    });
    if (result.ok) revalidatePath("/dashboard/webhooks");
    return result;
  });
}

export async function updateWebhookEndpointAction(
  endpointId: string,
  _state: EndpointFormState,
  form: FormData,
): Promise<EndpointFormState> {
  return memberAction("manageWebhooks", async (member) => {
    const result = await updateWebhookEndpoint(member, endpointId, endpointInput(form));
    if (result.ok) revalidatePath("/dashboard/webhooks", "layout");
    return result;
  });
}

export async function rotateWebhookSecretAction(endpointId: string): Promise<ActionState> {
  return memberAction("manageWebhooks", async (member) =>
    done(undefined, await rotateWebhookSecret(member, endpointId)),
  );
}

export async function sendTestWebhookAction(endpointId: string): Promise<ActionState> {
  return memberAction("manageWebhooks", async (member) => {
    await sendTestWebhook(member, endpointId);
    revalidatePath(`/dashboard/webhooks/${endpointId}`);
    return done();
  });
}

export async function resendDeliveryAction(endpointId: string, deliveryId: string): Promise<ActionState> {
  return memberAction("manageWebhooks", async (member) => {
    await resendMemberDelivery(member, deliveryId);
    revalidatePath(`/dashboard/webhooks/${endpointId}`);
    return done();
  });
}
