import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * A button of an admin list's row (Save, Suspend, Resend...): `Button` size "sm" in looks, with short
 * class names (`.row-button` in app/globals.css), since a page of 20 rows sends dozens of them.
 */
export function RowButton({ variant = "default", className, ...props }: ComponentProps<"button"> & { variant?: "default" | "outline" | "destructive" }) {
  return (
    <button
      type="button"
      className={cn("row-button", variant === "outline" && "row-button-outline", variant === "destructive" && "row-button-danger", className)}
      {...props}
    />
  );
}
