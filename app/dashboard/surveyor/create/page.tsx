import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Create Survey" };

export default async function Page() {
  await requireRole("/dashboard/surveyor/create", "surveyor");
  return <h1 className="text-2xl font-bold">Create Survey</h1>;
}
