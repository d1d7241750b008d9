"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { ROLES, type Role } from "@/models/enums";
import { RequestError } from "@/lib/api/client";
import { updateRole } from "./admin-api";
import { RowSelect } from "./row-select";

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
    <RowSelect
      id={selectId}
      label={`Role of ${email}`}
      options={ROLES}
      select={{ ref: select, defaultValue: role, key: role }}
      action={{ text: saving ? "Saving..." : "Save", label: `Save the role of ${email}`, onClick: save, disabled: saving }}
    />
  );
}
