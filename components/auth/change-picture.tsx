"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { refreshCurrentUser } from "@/components/site/use-current-user";
import { AVATAR_MAX_MB } from "@/lib/accounts/auth-schema";

/** Replaces the signed-in person's profile picture through POST /api/upload. */
export function ChangePicture({ image, name }: { image: string | null; name: string }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (file.size > AVATAR_MAX_MB * 1024 * 1024) {
      setError(`The picture must be at most ${AVATAR_MAX_MB} MB`);
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.set("image", file);
      const response = await fetch("/api/upload", { method: "POST", body: form });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) {
        setError(body?.error?.message ?? "Something went wrong! try again...");
        return;
      }
      toast.success("Successful", { description: "Your picture was updated" });
      await refreshCurrentUser();
      router.refresh();
    } catch {
      setError("Something went wrong! try again...");
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {image ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={image} alt="" width={56} height={56} className="h-14 w-14 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 space-y-1">
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600">
          {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          Change picture
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            disabled={busy}
            aria-describedby={hintId}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
        <p id={hintId} className="text-xs text-slate-500">
          PNG, JPEG, WebP or GIF, at most {AVATAR_MAX_MB} MB.
        </p>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
