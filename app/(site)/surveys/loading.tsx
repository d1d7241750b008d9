import { Spinner } from "@/components/ui/spinner";

export default function Loading() {
  return <Spinner className="min-h-[50vh]" label="Loading surveys" />;
}
