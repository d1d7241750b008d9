import { getTranslations } from "next-intl/server";

// The office on an OpenStreetMap embed (no API key, no tracking cookies). The title names the frame
// for screen readers; lazy loading keeps it off the critical path.
export const OFFICE = {
  name: "OPINEX",
  street: "Road 27, Dhanmondi",
  city: "Dhaka 1209, Bangladesh",
  email: "hello@opinex.example",
  phone: "+880 1700 000000",
};

const MAP_SRC =
  "https://www.openstreetmap.org/export/embed.html?bbox=90.3650%2C23.7350%2C90.3950%2C23.7600&layer=mapnik&marker=23.7475%2C90.3800";

export async function LocationMap() {
  const t = await getTranslations("legal.map");
  return (
    // `self-start` and a block iframe: the card is as tall as the map and its link, with no empty band
    // (a grid row would stretch it; an inline iframe leaves a line-box gap below it).
    <div className="self-start overflow-hidden rounded-xl border border-slate-200">
      <iframe
        title={t("title")}
        src={MAP_SRC}
        className="block h-72 w-full md:h-96"
        loading="lazy"
        referrerPolicy="no-referrer"
      />
      <a
        href="https://www.openstreetmap.org/?mlat=23.7475&mlon=90.3800#map=16/23.7475/90.3800"
        className="block border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm text-brand-700 underline underline-offset-4"
        target="_blank"
        rel="noopener noreferrer"
      >
        {t("larger")}
      </a>
    </div>
  );
}
