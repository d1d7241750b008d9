import type { ComponentProps, Key, ReactNode, Ref } from "react";
import { Options } from "@/components/ui/options";
import { RowButton } from "./row-button";

type RowSelectProps = {
  id: string;
  /** Said to screen readers only: which row's value this is. */
  label: string;
  options: readonly string[];
  /** Each option's text, in people's words; the submitted values stay `options`. */
  names: Record<string, string>;
  /** The select's own value handling: `value` and `onChange`, or `defaultValue` with a `ref`. */
  select: Pick<ComponentProps<"select">, "value" | "defaultValue" | "onChange"> & { ref?: Ref<HTMLSelectElement>; key?: Key };
  /** The button that applies the choice. */
  action: { text: string; label: string; onClick: () => void; disabled: boolean };
  children?: ReactNode;
};

/** A value of one row of an admin's table: a select and the button that applies it. */
export function RowSelect({ id, label, options, names, select: { key, ...select }, action, children }: RowSelectProps) {
  return (
    <div className="row-controls">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        key={key}
        id={id}
        className="row-select"
        {...select}
      >
        <Options values={options} names={names} />
      </select>
      <RowButton onClick={action.onClick} disabled={action.disabled} aria-label={action.label}>
        {action.text}
      </RowButton>
      {children}
    </div>
  );
}
