import type { Metadata } from "next";

export const metadata: Metadata = { title: "Payment" };

export default function Page() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Payment</h1>
    </div>
  );
}
