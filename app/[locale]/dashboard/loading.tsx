import { DashboardSkeleton } from "@/components/dashboard/skeleton";

// While a role's layout checks the role: the dashboard's shape inside the site's header and footer.
export default function Loading() {
  return <DashboardSkeleton />;
}
