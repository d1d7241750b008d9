import { Mail, MapPin, Phone } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntlIsland } from "@/components/i18n/intl-island";
import { ContactForm } from "@/components/site/contact-form";
import { LocationMap, OFFICE } from "@/components/site/location-map";
import { pageMetadata } from "@/lib/seo";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "legal.contact" });
  return pageMetadata({ title: t("title"), description: t("description"), path: "/contact", locale });
}

async function ContactPage() {
  const t = await getTranslations("legal.contact");
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-slate-600">{t("lead")}</p>
      <div className="mt-8 grid gap-10 md:grid-cols-2">
        <section aria-labelledby="write">
          <h2 id="write" className="text-xl font-semibold">
            {t("writeHeading")}
          </h2>
          <div className="mt-4">
            {/* The form's part of the legal area only: the Terms, the Privacy Policy and the FAQ stay on the server. */}
          <IntlIsland namespaces={["legal.contactForm", "altcha"]}>
            <ContactForm />
          </IntlIsland>
          </div>
        </section>
        <section aria-labelledby="find" className="space-y-4">
          <h2 id="find" className="text-xl font-semibold">
            {t("findHeading")}
          </h2>
          {/* The address, mail address and number are the same in every language. */}
          <ul className="space-y-2 text-slate-700">
            <li className="flex gap-2">
              <MapPin className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span translate="no">
                {OFFICE.street}, {OFFICE.city}
              </span>
            </li>
            <li className="flex gap-2">
              <Mail className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <a href={`mailto:${OFFICE.email}`} className="text-brand-700 underline underline-offset-4" translate="no">
                {OFFICE.email}
              </a>
            </li>
            <li className="flex gap-2">
              <Phone className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span translate="no">{OFFICE.phone}</span>
            </li>
          </ul>
          <LocationMap />
        </section>
      </div>
    </div>
  );
}

export default localised(ContactPage);
