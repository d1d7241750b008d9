import { Fragment } from "react";

/**
 * An email address that may wrap after its @ and after each dot, never inside a word: a narrow column
 * shows "surveyor2@" over "demo.test" instead of "surveyor2@demo.t" over "est". A part longer than
 * its box still breaks rather than overflow (`break-words` changes no column's width, where
 * `break-all` would let a table squeeze the address to a letter a line).
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className={className ? `break-words ${className}` : "break-words"}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
