import { useNavigation } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { SignOutButton } from "~/features/admin-auth/components/sign-out-button.tsx";
import { LatestActivity } from "~/features/dashboard/components/latest-activity.tsx";
import { MonthlyFiguresSection } from "~/features/dashboard/components/monthly-figures.tsx";
import { OverviewStatistics } from "~/features/dashboard/components/overview-statistics.tsx";
import { QuickAccess } from "~/features/dashboard/components/quick-access.tsx";
import { dashboardOverview } from "~/features/dashboard/service.server.ts";
import { DoorAttendanceCard } from "~/features/seminars/checkin/components/door-attendance-card.tsx";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action: none (sign-out posts to the admin layout). */
export const intents = [] as const;

export async function loader({ context }: Route.LoaderArgs) {
  return { overview: await dashboardOverview(context.get(runtimeContext).db) };
}

function DashboardHeader() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 id="dashboard-heading" className="text-3xl font-semibold text-ink-900">
          Dashboard
        </h1>
        <p className="mt-1 text-sm text-ink-700">Who booked what, who has paid, and what to follow up.</p>
      </div>
      <SignOutButton />
    </div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/admin/dashboard";
  return (
    <section aria-labelledby="dashboard-heading" className="space-y-8" aria-busy={reloading || undefined}>
      <DashboardHeader />
      {reloading ? (
        <p role="status" className="text-sm text-ink-700">
          Loading dashboard...
        </p>
      ) : null}
      <LatestActivity overview={overview} />
      <OverviewStatistics counts={overview.counts} revenue={overview.revenue} fill={overview.fill} />
      {overview.door ? <DoorAttendanceCard door={overview.door} /> : null}
      <MonthlyFiguresSection rows={overview.monthly} hasLedgerEntries={overview.revenue.hasLedgerEntries} statementMonth={overview.revenue.month} />
      <QuickAccess />
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="dashboard-heading" className="space-y-6">
      <DashboardHeader />
      <AdminLoadError title="Failed to load dashboard" />
    </section>
  );
}
