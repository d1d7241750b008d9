"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { useApiSentence } from "@/components/auth/api-sentences";
import { refreshCurrentUser } from "@/components/site/use-current-user";
import { AVATAR_MAX_MB } from "@/lib/accounts/auth-schema";

/** Replaces the signed-in person's profile picture through POST /api/upload (its page gives it the `auth` texts). */
export function ChangePicture({ image, name }: { image: string | null; name: string }) {
  const t = useTranslations("auth");
  const say = useApiSentence();
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (file.size > AVATAR_MAX_MB * 1024 * 1024) {
      setError(t("api.pictureTooBig", { mb: AVATAR_MAX_MB }));
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.set("image", file);
      const response = await fetch("/api/upload", { method: "POST", body: form });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) {
        setError(body?.error?.message ? say(body.error.message) : t("picture.failed"));
        return;
      }
      toast.success(t("picture.updatedTitle"), { description: t("picture.updated") });
      await refreshCurrentUser();
      router.refresh();
    } catch {
      setError(t("picture.failed"));
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
          {t("picture.change")}
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
          {t("picture.hint", { mb: AVATAR_MAX_MB })}
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
