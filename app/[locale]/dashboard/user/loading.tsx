import { DashboardPageSkeleton } from "@/components/dashboard/skeleton";

// Changing page in the dashboard: the sidebar stays, the content shows its shape at once.
export default function Loading() {
  return <DashboardPageSkeleton />;
}
