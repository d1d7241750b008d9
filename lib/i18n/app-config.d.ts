// next-intl's types: the English messages are the reference, so `t("survey.missing")` is a type error.
import type en from "@/messages/en";
import type { Locale } from "./types";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
