/**
 * What a visitor without JavaScript gets instead of a part that needs scripts (a spinner waiting for the
 * session, a menu button): `children` inside <noscript>, with a style that hides the elements matching
 * `hides`. Browsers running scripts ignore all of it.
 */
export function NoScriptInstead({ hides, children }: { hides: string; children: React.ReactNode }) {
  return (
    <noscript>
      <style>{`${hides}{display:none}`}</style>
      {children}
    </noscript>
  );
}
