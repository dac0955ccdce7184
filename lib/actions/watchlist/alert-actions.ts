"use server";
import { revalidatePath } from "next/cache";
import { memberAction } from "@/lib/actions/action";
import { done, type ActionState } from "@/lib/actions/action-state";
import { AlertDecisionSchema, decideAlert } from "@/lib/domain/watchlist/rescreen/watchlist-alerts";

// Review → Alerts: a reviewer dismisses or confirms an ongoing-screening alert (audit-logged)
export async function decideAlertAction(alertId: string, decision: "DISMISSED" | "CONFIRMED"): Promise<ActionState> {
  const input = { alertId, decision };
  return memberAction({ permission: "review", schema: AlertDecisionSchema, input }, async (member, data) => {
    await decideAlert(member, data);
    revalidatePath("/dashboard/review", "layout");
    return done(data.decision === "CONFIRMED" ? "Alert confirmed." : "Alert dismissed.");
  });
}
