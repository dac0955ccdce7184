"use server";
import { revalidatePath } from "next/cache";
import { actionResult } from "@/lib/dashboard/action-errors";
import { memberForAction } from "@/lib/dashboard/current-member";
import { createMemberWebhookEndpoint, rotateWebhookSecret, updateWebhookEndpoint } from "@/lib/dashboard/manage-webhook-endpoints";
import { resendMemberDelivery, sendTestWebhook } from "@/lib/dashboard/webhook-deliveries";

export type EndpointFormState = { ok: true; id: string; secret?: string } | { ok: false; error?: string; fieldErrors?: Record<string, string> } | undefined;

function endpointInput(form: FormData) {
  return { url: String(form.get("url") ?? "").trim(), events: form.getAll("events"), enabled: form.get("enabled") === "on" };
}

export async function createWebhookEndpointAction(_state: EndpointFormState, form: FormData): Promise<EndpointFormState> {
  const member = await memberForAction("manageWebhooks");
  const result = await actionResult(() => createMemberWebhookEndpoint(member, endpointInput(form)));
  if (result.ok) revalidatePath("/dashboard/webhooks");
  return result;
}

export async function updateWebhookEndpointAction(endpointId: string, _state: EndpointFormState, form: FormData): Promise<EndpointFormState> {
  const member = await memberForAction("manageWebhooks");
  const result = await actionResult(() => updateWebhookEndpoint(member, endpointId, endpointInput(form)));
  if (result.ok) revalidatePath("/dashboard/webhooks", "layout");
  return result;
}

export async function rotateWebhookSecretAction(endpointId: string) {
  const member = await memberForAction("manageWebhooks");
  return actionResult(async () => ({ ok: true as const, ...(await rotateWebhookSecret(member, endpointId)) }));
}

export async function sendTestWebhookAction(endpointId: string) {
  const member = await memberForAction("manageWebhooks");
  return actionResult(async () => {
    await sendTestWebhook(member, endpointId);
    revalidatePath(`/dashboard/webhooks/${endpointId}`);
    return { ok: true as const };
  });
}

export async function resendDeliveryAction(endpointId: string, deliveryId: string) {
  const member = await memberForAction("manageWebhooks");
  return actionResult(async () => {
    await resendMemberDelivery(member, deliveryId);
    revalidatePath(`/dashboard/webhooks/${endpointId}`);
    return { ok: true as const };
  });
}
