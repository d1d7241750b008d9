"use client";

import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { StepUpCancelled, useStepUp } from "@/components/auth/step-up";
import { ROLES, type Role } from "@/models/enums";
import { RequestError } from "@/lib/api/client";
import { ROLE_NAMES } from "@/lib/accounts/role-names";
import { updateRole } from "./admin-api";
import { RowSelect } from "./row-select";

/**
 * One row's Role select and Save button: `POST /api/update_role`, then the list reloads. Save is
 * enabled only once the select holds another role than the account's. Making someone an admin may ask
 * the admin to confirm their second factor first ("Confirm it's you"), then saves by itself.
 */
export function RoleEditor({ userId, email, role }: { userId: string; email: string; role: Role }) {
  const router = useRouter();
  // Uncontrolled: a choice made while the page is still loading its script survives hydration (a
  // controlled select is reset to its first value then, and Save would send the old role).
  const select = useRef<HTMLSelectElement | null>(null);
  const [changed, setChanged] = useState(false);
  const [saving, setSaving] = useState(false);
  const selectId = `role-${userId}`;
  const { withStepUp, stepUpDialog } = useStepUp();

  // Once the page runs, a choice made before that (no change event reached React) counts too.
  const attach = useCallback(
    (element: HTMLSelectElement | null) => {
      select.current = element;
      if (element && element.value !== role) setChanged(true);
    },
    [role],
  );

  const save = async () => {
    setSaving(true);
    const value = (select.current?.value ?? role) as Role;
    try {
      const { modifiedCount } = await withStepUp(() => updateRole(userId, value));
      if (modifiedCount > 0) {
        toast.success("Successful", { description: "Successfully changed the user role" });
        router.refresh();
      } else {
        toast.info("Nothing to change", { description: `${email} already has the role ${ROLE_NAMES[value]}.` });
      }
    } catch (error) {
      if (error instanceof StepUpCancelled) {
        // Nothing was changed, as the person chose: the select keeps their choice for another try.
        toast.info("Role not changed", { description: "The change needs your second step." });
        return;
      }
      const message = error instanceof RequestError ? error.message : "Please try again.";
      toast.error("Role not changed", { description: message });
      if (select.current) select.current.value = role;
      setChanged(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <RowSelect
      id={selectId}
      label={`Role of ${email}`}
      options={ROLES}
      names={ROLE_NAMES}
      select={{ ref: attach, defaultValue: role, key: role, onChange: (e) => setChanged(e.target.value !== role) }}
      action={{ text: saving ? "Saving..." : "Save", label: `Save the role of ${email}`, onClick: save, disabled: saving || !changed }}
      />
      {stepUpDialog}
    </>
  );
}
