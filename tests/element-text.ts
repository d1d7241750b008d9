// Reads a rendered React element tree (a server component called as a function) without a renderer:
// the text it holds, and the props of the elements that have a given prop.
import { isValidElement, type ReactElement } from "react";

/** The text of an element tree: strings and numbers, and the HTML of `dangerouslySetInnerHTML` (JSON-LD). */
export function textOf(node: unknown): string {
  if (node == null || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement(node)) {
    const props = (node as ReactElement<{ children?: unknown; dangerouslySetInnerHTML?: { __html: string } }>).props;
    return (props.dangerouslySetInnerHTML?.__html ?? "") + textOf(props.children);
  }
  return "";
}

/** The props of every element in a tree that has a prop named `name`. */
export function propsNamed(node: unknown, name: string, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) node.forEach((n) => propsNamed(n, name, found));
  else if (isValidElement(node)) {
    const props = node.props as Record<string, unknown>;
    if (name in props) found.push(props);
    propsNamed(props.children, name, found);
  }
  return found;
}
