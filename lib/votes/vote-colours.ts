// Yes and No in every results picture: the same two colours as the survey's Open Graph image
// (app/[locale]/(site)/survey/details/[id]/opengraph-image.tsx), each with a darker edge and text colour so
// the bars stand out on white and their labels stay readable (WCAG AA).
export const VOTE_COLOURS = {
  yes: { fill: "#86efac", edge: "#15803d", text: "#14532d" },
  no: { fill: "#fecaca", edge: "#b91c1c", text: "#7f1d1d" },
} as const;
