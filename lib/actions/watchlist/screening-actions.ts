"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { memberAction } from "@/lib/actions/action";
import { done, type ActionState } from "@/lib/actions/action-state";
import { setOngoingScreening } from "@/lib/domain/watchlist/rescreen/watchlist-alerts";

const ScreeningSchema = z.object({ enabled: z.boolean() });

// Settings → Ongoing screening: the account opts in (or out) of re-screening when a watchlist changes
export async function updateOngoingScreeningAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { enabled: form.get("ongoingScreening") === "on" };
  return memberAction({ permission: "manageAccount", schema: ScreeningSchema, input }, async (member, { enabled }) => {
    const { baselineLists } = await setOngoingScreening(member, enabled);
    revalidatePath("/dashboard/settings");
    if (!enabled) return done("Ongoing screening is off.");
    return done(
      baselineLists > 0
        ? `Ongoing screening is on. Your approved verifications are being screened against the current ${baselineLists === 1 ? "list" : `${baselineLists} lists`} in the background; new matches appear under Review → Alerts.`
        : "Ongoing screening is on.",
    );
  });
}
