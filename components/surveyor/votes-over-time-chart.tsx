"use client";

import { VOTE_COLOURS } from "@/lib/vote-colours";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { VotesOnDay } from "@/lib/services/surveys";
import { formatShortDate } from "@/lib/dates";

// Loaded on demand (next/dynamic) so recharts only ships to the results page.
export default function VotesOverTimeChart({ days }: { days: VotesOnDay[] }) {
  const data = days.map((d) => ({ ...d, label: formatShortDate(d.day, d.day) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} accessibilityLayer={false} margin={{ top: 10, right: 16, bottom: 0, left: -10 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" minTickGap={16} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line type="monotone" dataKey="yes" name="Yes" stroke={VOTE_COLOURS.yes.edge} strokeWidth={2} dot={days.length <= 31} isAnimationActive={false} />
        <Line type="monotone" dataKey="no" name="No" stroke={VOTE_COLOURS.no.edge} strokeWidth={2} dot={days.length <= 31} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
