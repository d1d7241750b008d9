import { notFound } from "next/navigation";
import { localised } from "@/lib/i18n/server";

// An address that leads to no page (`/no/such/page`, `/es/no/such/page`): the error page of
// app/[locale]/not-found.tsx, in the address's language, with a 404. Without this catch-all Next would
// answer with its own English page, outside the site's frame: the root layout is the language segment's,
// and a not-found page there only catches `notFound()` below it. Any page or folder of the app wins
// over a catch-all, so this one only ever sees what nothing else answers.
function NoSuchPage(): never {
  notFound();
}

export default localised(NoSuchPage);
