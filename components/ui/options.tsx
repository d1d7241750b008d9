/** One `<option>` per value: its text the value's name in `names` where there is one, else the value itself. */
export function Options<V extends string>({ values, names }: { values: readonly V[]; names?: Record<V, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {names?.[value] ?? value}
    </option>
  ));
}
