"use client";

import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useState } from "react";
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
  type TooltipValueType,
  type XAxisTickContentProps,
} from "recharts";
import { axisTicks, type VotesSoFar } from "@/components/surveyor/cumulative-votes";
import { formatDate, formatShortDate } from "@/lib/dates";
import { VOTE_COLOURS } from "@/lib/votes/vote-colours";

// Room per date label on the time axis ("Jan 21" plus a gap): three labels on a phone, more on a desktop.
const PX_PER_TICK = 96;

function DailyTooltip({ active, payload }: TooltipContentProps<TooltipValueType, string | number>) {
  const t = useTranslations("surveyor.overTime");
  const locale = usePageLocale();
  const point = payload?.[0]?.payload as VotesSoFar | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm shadow-md" data-testid="votes-over-time-tooltip">
      <p className="font-semibold">{formatDate(point.day, locale)}</p>
      <p style={{ color: VOTE_COLOURS.yes.text }}>{t("tooltipYes", { total: String(point.yesSoFar), day: String(point.yes) })}</p>
      <p style={{ color: VOTE_COLOURS.no.text }}>{t("tooltipNo", { total: String(point.noSoFar), day: String(point.no) })}</p>
    </div>
  );
}

// Loaded on demand (next/dynamic) so recharts only ships to the results page.
export default function VotesOverTimeChart({ series }: { series: VotesSoFar[] }) {
  const t = useTranslations("surveyor.overTime");
  const locale = usePageLocale();
  const [width, setWidth] = useState(0);
  const last = series.at(-1)?.day ?? "";
  const ticks = axisTicks(
    series.map((d) => d.day),
    width / PX_PER_TICK,
  );
  // The end labels lean inwards, so none is cut off at the chart's edges.
  const tick = ({ x, y, payload, index }: XAxisTickContentProps) => (
    <text
      x={x}
      y={y}
      dy={14}
      fontSize={12}
      fill="#475569"
      textAnchor={ticks.length > 1 && index === 0 ? "start" : ticks.length > 1 && index === ticks.length - 1 ? "end" : "middle"}
    >
      {formatShortDate(String(payload.value), last, locale)}
    </text>
  );
  return (
    <ResponsiveContainer width="100%" height="100%" onResize={(w) => setWidth(w)}>
      <LineChart data={series} accessibilityLayer={false} margin={{ top: 10, right: 12, bottom: 0, left: -10 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" ticks={ticks} interval={0} tick={tick} tickLine={false} />
        <YAxis allowDecimals={false} domain={[0, "auto"]} tick={{ fontSize: 12 }} />
        <Tooltip content={(props) => <DailyTooltip {...props} />} />
        {/* Yes before No, as in the results chart (not alphabetical). */}
        <Legend itemSorter={null} />
        {(["yes", "no"] as const).map((key) => (
          <Line
            key={key}
            type="stepAfter"
            dataKey={`${key}SoFar`}
            name={t(key)}
            stroke={VOTE_COLOURS[key].edge}
            strokeWidth={2}
            dot={series.length === 1 ? { r: 3, fill: VOTE_COLOURS[key].edge } : false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
