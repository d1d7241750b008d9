import type { Metadata } from "next";

export const metadata: Metadata = { title: "Login to your account" };

export default function Page() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Login to your account</h1>
    </div>
  );
}
