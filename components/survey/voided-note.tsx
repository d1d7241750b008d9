/** "N votes voided after review": said wherever a survey's counts are, once an admin voided votes of it. */
export function voidedText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "vote" : "votes"} voided after review`;
}

export function VoidedNote({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <p className={className} data-testid="survey-voided">
      {voidedText(count)}
    </p>
  );
}
