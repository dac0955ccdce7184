"use server";
import { revalidatePath } from "next/cache";
import { done, memberAction, type ActionState } from "@/lib/dashboard/action";
import { setOngoingScreening } from "@/lib/watchlist/rescreen/watchlist-alerts";

// Settings → Ongoing screening: the account opts in (or out) of re-screening when a watchlist changes
export async function updateOngoingScreeningAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageAccount", async (member) => {
    const enabled = form.get("ongoingScreening") === "on";
    await setOngoingScreening(member, enabled);
    revalidatePath("/dashboard/settings");
    return done(enabled ? "Ongoing screening is on." : "Ongoing screening is off.");
  });
}
