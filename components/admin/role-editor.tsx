"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { StepUpCancelled, useStepUp } from "@/components/auth/step-up";
import { ROLES, type Role } from "@/models/enums";
import { updateRole } from "./admin-api";
import { RowSelect } from "./row-select";
import { useAdminProblem } from "./use-problem";

/**
 * One row's Role select and Save button: `POST /api/update_role`, then the list reloads. Save is
 * enabled only once the select holds another role than the account's. Making someone an admin may ask
 * the admin to confirm their second factor first ("Confirm it's you"), then saves by itself.
 */
export function RoleEditor({ userId, email, role }: { userId: string; email: string; role: Role }) {
  const router = useRouter();
  const t = useTranslations("admin");
  const { problem } = useAdminProblem();
  const names = Object.fromEntries(ROLES.map((r) => [r, t(`roles.${r}`)])) as Record<Role, string>;
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
        toast.success(t("users.roleEditor.saved"), { description: t("users.roleEditor.savedText") });
        router.refresh();
      } else {
        toast.info(t("users.roleEditor.unchanged"), { description: t("users.roleEditor.unchangedText", { email, role: names[value] }) });
      }
    } catch (error) {
      if (error instanceof StepUpCancelled) {
        // Nothing was changed, as the person chose: the select keeps their choice for another try.
        toast.info(t("users.roleEditor.notChanged"), { description: t("users.roleEditor.needsStepUp") });
        return;
      }
      // A role change's one conflict: the last admin cannot be demoted.
      const known = (e: { status: number }) => (e.status === 409 ? t("users.roleEditor.lastAdmin") : undefined);
      toast.error(t("users.roleEditor.notChanged"), { description: problem(error, { known }, t("problems.tryAgain")) });
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
      label={t("users.roleEditor.label", { email })}
      options={ROLES}
      names={names}
      select={{ ref: attach, defaultValue: role, key: role, onChange: (e) => setChanged(e.target.value !== role) }}
      action={{
        text: saving ? t("users.roleEditor.saving") : t("users.roleEditor.save"),
        label: t("users.roleEditor.saveLabel", { email }),
        onClick: save,
        disabled: saving || !changed,
      }}
      />
      {stepUpDialog}
    </>
  );
}
