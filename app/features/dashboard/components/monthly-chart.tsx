import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { formatRand } from "~/lib/format.ts";
import type { MonthlyFigures } from "../monthly-figures.ts";

// The chart of "Revenue and seats sold by month", drawn with Recharts (docs/decisions/015,
// "Reports"). Loaded on demand, in the browser only: the table beside it carries the same
// figures for screen readers and for a page without JavaScript, so the chart is hidden from
// assistive technology and takes no focus (accessibilityLayer off).

const colours = {
  seminars: "#0b7a53", // veld-600
  consultations: "#f2b01e", // sun-500
  seats: "#34507d", // ink-600
  grid: "#e1e8f3", // ink-100
  axis: "#233f6b", // ink-700
};

const rand = (cents: number) => formatRand(cents).replace(/\.00$/, "");
const tick = { fill: colours.axis, fontSize: 12 };

type ChartRow = { label: string; seminars: number; consultations: number; seats: number };

function chartRows(rows: readonly MonthlyFigures[]): ChartRow[] {
  // Rand on the axis and in the tooltip; the table keeps the cents.
  return rows.map((row) => ({ label: row.shortLabel, seminars: row.seminarCents / 100, consultations: row.consultationCents / 100, seats: row.seatsSold }));
}

const chartStyle = { width: "100%", height: "100%" };
const margin = { top: 8, right: 8, bottom: 0, left: 0 };

export default function MonthlyChart({ rows }: { rows: readonly MonthlyFigures[] }) {
  const data = chartRows(rows);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <p className="text-sm font-semibold text-ink-800">Revenue (payments minus refunds)</p>
        <div className="mt-2 h-56">
          <BarChart data={data} responsive accessibilityLayer={false} style={chartStyle} margin={margin}>
            <CartesianGrid stroke={colours.grid} vertical={false} />
            <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" tickLine={false} />
            <YAxis tick={tick} width={64} tickFormatter={(value: number) => rand(value * 100)} allowDecimals={false} />
            <ReferenceLine y={0} stroke={colours.axis} />
            <Tooltip formatter={(value) => formatRand(Math.round(Number(value) * 100))} cursor={{ fill: colours.grid }} />
            {/* The series' names in ink, not in their fill colours (gold text on white is hard to read). */}
            <Legend wrapperStyle={{ fontSize: 12 }} formatter={(name: string) => <span style={{ color: colours.axis }}>{name}</span>} />
            <Bar dataKey="seminars" name="Seminars" stackId="revenue" fill={colours.seminars} isAnimationActive={false} />
            <Bar dataKey="consultations" name="Consultations" stackId="revenue" fill={colours.consultations} isAnimationActive={false} />
          </BarChart>
        </div>
      </div>
      <div>
        <p className="text-sm font-semibold text-ink-800">Seminar seats sold</p>
        <div className="mt-2 h-56">
          <BarChart data={data} responsive accessibilityLayer={false} style={chartStyle} margin={margin}>
            <CartesianGrid stroke={colours.grid} vertical={false} />
            <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" tickLine={false} />
            <YAxis tick={tick} width={40} allowDecimals={false} />
            <Tooltip cursor={{ fill: colours.grid }} />
            <Bar dataKey="seats" name="Seats sold" fill={colours.seats} isAnimationActive={false} />
          </BarChart>
        </div>
      </div>
    </div>
  );
}
