// Every text in every language: the same keys in English, Spanish and German, the same placeholders
// in each translation, nothing empty, and no English sentence left standing in another language.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import de from "@/messages/de";
import en from "@/messages/en";
import es from "@/messages/es";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The arguments and rich-text tags a message uses, whatever its language says around them. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) names.add(element.value);
      if (element.type === TYPE.tag) {
        names.add(`<${element.value}>`);
        walk(element.children);
      }
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        names.add(element.value);
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const english = flatten(en as unknown as Tree);
const translations = { es: flatten(es as unknown as Tree), de: flatten(de as unknown as Tree) };

// Words that are the same in every language here: names, and terms people use untranslated.
const SAME_EVERYWHERE = new Set(["OPINEX", "API", "CSV", "JSON", "Stripe", "QR", "OpenAPI", "Google", "Passkey", "Passkeys", "Dashboard", "Admin", "Pro", "OK", "E-Mail", "Email", "Web", "Token", "ID"]);
/** A message that reads as an English sentence: two or more words, at least one of them not a shared term. */
function looksEnglishLeftOver(message: string): boolean {
  const words = message.replace(/\{[^}]*\}|<[^>]*>/g, " ").match(/\p{L}{3,}/gu) ?? [];
  return words.length >= 2 && words.some((word) => !SAME_EVERYWHERE.has(word));
}

describe("messages", () => {
  it("are valid ICU messages, none empty", () => {
    for (const [locale, messages] of Object.entries({ en: english, ...translations })) {
      for (const [key, message] of messages) {
        expect(message.trim(), `${locale} ${key}`).not.toBe("");
        expect(() => parse(message), `${locale} ${key}`).not.toThrow();
      }
    }
  });

  it.each(Object.keys(translations) as (keyof typeof translations)[])("%s has every English key, and no other", (locale) => {
    const messages = translations[locale];
    expect([...english.keys()].filter((key) => !messages.has(key)), "missing").toEqual([]);
    expect([...messages.keys()].filter((key) => !english.has(key)), "not in English").toEqual([]);
  });

  it.each(Object.keys(translations) as (keyof typeof translations)[])("%s uses the same placeholders and tags as English", (locale) => {
    const differing = [...english].filter(([key, message]) => {
      const other = translations[locale].get(key);
      return other !== undefined && argumentsOf(other).join() !== argumentsOf(message).join();
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it.each(Object.keys(translations) as (keyof typeof translations)[])("%s leaves no English sentence untranslated", (locale) => {
    const leftOver = [...english].filter(([key, message]) => translations[locale].get(key) === message && looksEnglishLeftOver(message));
    expect(leftOver.map(([key, message]) => `${key}: ${message}`)).toEqual([]);
  });
});
