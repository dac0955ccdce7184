"use server";
import { revalidatePath } from "next/cache";
import { done, memberAction, type ActionState } from "@/lib/actions/action";
import { decideAlert } from "@/lib/domain/watchlist/rescreen/watchlist-alerts";

// Review → Alerts: a reviewer dismisses or confirms an ongoing-screening alert (audit-logged)
export async function decideAlertAction(alertId: string, decision: "DISMISSED" | "CONFIRMED"): Promise<ActionState> {
  return memberAction("review", async (member) => {
    await decideAlert(member, { alertId, decision });
    revalidatePath("/dashboard/review", "layout");
    return done(decision === "CONFIRMED" ? "Alert confirmed." : "Alert dismissed.");
  });
}
