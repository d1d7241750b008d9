import { Mail, MapPin, Phone } from "lucide-react";
import type { Metadata } from "next";
import { ContactForm } from "@/components/site/contact-form";
import { LocationMap, OFFICE } from "@/components/site/location-map";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Contact Us",
  description: "Questions about surveys, your account or the Extended plan? Write to the OPINEX team; we answer by email.",
  path: "/contact",
});

export default function ContactPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Contact Us</h1>
      <p className="mt-2 text-slate-600">Questions, ideas or a problem with a survey? We read every message.</p>
      <div className="mt-8 grid gap-10 md:grid-cols-2">
        <section aria-labelledby="write">
          <h2 id="write" className="text-xl font-semibold">Send us a message</h2>
          <div className="mt-4">
            <ContactForm />
          </div>
        </section>
        <section aria-labelledby="find" className="space-y-4">
          <h2 id="find" className="text-xl font-semibold">Find us</h2>
          <ul className="space-y-2 text-slate-700">
            <li className="flex gap-2">
              <MapPin className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                {OFFICE.street}, {OFFICE.city}
              </span>
            </li>
            <li className="flex gap-2">
              <Mail className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <a href={`mailto:${OFFICE.email}`} className="text-brand-700 underline underline-offset-4">
                {OFFICE.email}
              </a>
            </li>
            <li className="flex gap-2">
              <Phone className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>{OFFICE.phone}</span>
            </li>
          </ul>
          <LocationMap />
        </section>
      </div>
    </div>
  );
}
