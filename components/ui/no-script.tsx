/**
 * The parts that need scripts and are hidden from a visitor without JavaScript (a spinner waiting for
 * the session or the voting form, the menu button): one rule, in the page's <head> (HTML allows a
 * <style> inside <noscript> only there), rendered once by the root layout.
 */
export const HIDDEN_WITHOUT_SCRIPTS = [".vote-waiting", ".account-waiting", ".menu-button"] as const;

export function NoScriptStyle() {
  return (
    <noscript>
      <style>{`${HIDDEN_WITHOUT_SCRIPTS.join(",")}{display:none}`}</style>
    </noscript>
  );
}

/**
 * What a visitor without JavaScript gets instead of a part that needs scripts: `children` inside
 * <noscript>, which browsers running scripts ignore. The part it replaces carries one of the classes of
 * HIDDEN_WITHOUT_SCRIPTS.
 */
export function NoScriptInstead({ children }: { children: React.ReactNode }) {
  return <noscript>{children}</noscript>;
}
