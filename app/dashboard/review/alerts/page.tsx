import { requireMember } from "@/lib/auth/current-member";
import { WatchlistAlerts } from "@/components/dashboard/watchlist-alerts";

export const metadata = { title: "Watchlist alerts" };

// GET /dashboard/review/alerts — open alerts of ongoing watchlist screening (reviewers)
export default async function WatchlistAlertsPage() {
  const member = await requireMember("review");
  return (
    <>
      <h1>Watchlist alerts</h1>
      <WatchlistAlerts member={member} />
    </>
  );
}
