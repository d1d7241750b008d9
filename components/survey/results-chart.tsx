"use client";

import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const COLORS = { Yes: "#1d4ed8", No: "#64748b" } as const;

// Loaded on demand (next/dynamic) so recharts only ships to pages that show a chart.
export default function ResultsChart({ yesCount, noCount }: { yesCount: number; noCount: number }) {
  const data = [
    { name: "Yes" as const, count: yesCount },
    { name: "No" as const, count: noCount },
  ];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 10, right: 10, bottom: 0, left: -10 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="count" name="Votes" fill="#1d4ed8" isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.name} fill={COLORS[d.name]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
