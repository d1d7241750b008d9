import { getTranslations } from "next-intl/server";

// The product's seven questions (messages/legal, `faq`). The answers describe only what this product
// does (the first implementation promised branding, exports and question types that never existed).
const FAQ_KEYS = ["create", "customize", "distribute", "track", "secure", "export", "types"] as const;

// Native disclosure widgets: rendered on the server, keyboard and screen-reader friendly, no JavaScript.
// Styled by `.faq` in app/globals.css (the chevron included), so each answer carries no class list, in
// the HTML and again in the page's RSC payload.
export async function Faq() {
  const t = await getTranslations("legal.faq");
  return (
    <div className="faq" data-testid="faq">
      {FAQ_KEYS.map((key) => (
        <details key={key}>
          <summary>{t(`${key}.q`)}</summary>
          <p>{t(`${key}.a`)}</p>
        </details>
      ))}
    </div>
  );
}
