"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ROLES, type Role } from "@/models/enums";
import { RequestError } from "@/lib/api/client";
import { updateRole } from "./admin-api";

/** One row's Role select and Save button: `POST /api/update_role`, then the list reloads. */
export function RoleEditor({ userId, email, role }: { userId: string; email: string; role: Role }) {
  const router = useRouter();
  // Uncontrolled: a choice made while the page is still loading its script survives hydration (a
  // controlled select is reset to its first value then, and Save would send the old role).
  const select = useRef<HTMLSelectElement>(null);
  const [saving, setSaving] = useState(false);
  const selectId = `role-${userId}`;

  const save = async () => {
    setSaving(true);
    const value = (select.current?.value ?? role) as Role;
    try {
      const { modifiedCount } = await updateRole(userId, value);
      if (modifiedCount > 0) {
        toast.success("Successful", { description: "Successfully changed the user role" });
        router.refresh();
      } else {
        toast.info("Nothing to change", { description: `${email} already has the role ${value}.` });
      }
    } catch (error) {
      const message = error instanceof RequestError ? error.message : "Please try again.";
      toast.error("Role not changed", { description: message });
      if (select.current) select.current.value = role;
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        Role of {email}
      </label>
      <select
        id={selectId}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        ref={select}
        defaultValue={role}
        key={role}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <Button size="sm" onClick={save} disabled={saving} aria-label={`Save the role of ${email}`}>
        {saving ? "Saving..." : "Save"}
      </Button>
    </div>
  );
}
