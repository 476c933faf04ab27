"use client";
// One chart of the admin Statistics page, drawn by recharts from rows prepared on the server
// (lib/data/statistics.ts). The same rows are a table: always there for screen readers (the chart
// itself is hidden from them), and shown instead of the chart by "Show as table". recharts is
// imported here only, so only the admin Statistics page loads it.
import { useId, useState } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatBytes } from "@/lib/media/format-bytes";

export type ChartRow = { label: string; value: number; detail?: number };
/** How labels read: dates are the UTC days lib/data/statistics.ts gives (YYYY-MM-DD). */
type LabelFormat = "text" | "day" | "week";
type ValueFormat = "count" | "bytes";

const shortDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function tickOf(label: string, format: LabelFormat): string {
  if (format === "text") return label.length > 18 ? `${label.slice(0, 17)}…` : label;
  return shortDate.format(new Date(`${label}T00:00:00Z`));
}

function cellOf(label: string, format: LabelFormat): string {
  if (format === "text") return label;
  const date = longDate.format(new Date(`${label}T00:00:00Z`));
  return format === "week" ? `Week of ${date}` : date;
}

const valueText = (value: number, format: ValueFormat) =>
  format === "bytes" ? formatBytes(value) : value.toLocaleString("en-GB");

const AXIS = { fill: "#c0c0c0", fontSize: 12 };
const CHART_HEIGHT = 260;

export function StatisticsChart({
  title,
  description,
  rows,
  labelHeading,
  valueHeading,
  detailHeading,
  labelFormat = "text",
  valueFormat = "count",
  horizontal = false,
  empty,
}: {
  title: string;
  description: string;
  rows: ChartRow[];
  labelHeading: string;
  valueHeading: string;
  /** A third column of the table (e.g. the number of files beside their bytes). */
  detailHeading?: string;
  labelFormat?: LabelFormat;
  valueFormat?: ValueFormat;
  /** Bars from the left, labels down the side: for long labels such as titles. */
  horizontal?: boolean;
  /** Said instead of the chart when there are no rows. */
  empty?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const data = rows.map((row) => ({ ...row, tick: tickOf(row.label, labelFormat) }));
  const formatValue = (value: number) => valueText(value, valueFormat);

  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border/40 bg-main p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={titleId} className="font-semibold">
            {title}
          </h2>
          <p className="text-sm text-text">{description}</p>
        </div>
        {rows.length > 0 && (
          <button
            type="button"
            onClick={() => setAsTable((shown) => !shown)}
            className="rounded border border-border px-2 py-1 text-xs text-text hover:border-accent hover:text-white focus-visible:outline-2 focus-visible:outline-subMain"
          >
            {asTable ? "Show as chart" : "Show as table"}
          </button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="py-10 text-center text-sm text-text">{empty}</p>
      ) : (
        <>
          {!asTable && (
            <div
              aria-hidden="true"
              data-testid={`${title} chart`}
              style={{ height: horizontal ? rows.length * 28 + 40 : CHART_HEIGHT }}
            >
              <BarChart
                responsive
                style={{ width: "100%", height: "100%" }}
                data={data}
                layout={horizontal ? "vertical" : "horizontal"}
                margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
                accessibilityLayer={false}
              >
                <CartesianGrid stroke="#4b5563" strokeOpacity={0.5} vertical={horizontal} horizontal={!horizontal} />
                {horizontal ? (
                  <>
                    <XAxis type="number" tick={AXIS} tickFormatter={formatValue} allowDecimals={false} />
                    <YAxis type="category" dataKey="tick" tick={AXIS} width={130} interval={0} />
                  </>
                ) : (
                  <>
                    <XAxis dataKey="tick" tick={AXIS} minTickGap={8} />
                    <YAxis
                      tick={AXIS}
                      tickFormatter={formatValue}
                      allowDecimals={false}
                      width={valueFormat === "bytes" ? 72 : 40}
                    />
                  </>
                )}
                <Tooltip
                  cursor={{ fill: "rgba(255,255,255,0.06)" }}
                  contentStyle={{ background: "#0b0f29", border: "1px solid #4b5563", borderRadius: 6 }}
                  labelStyle={{ color: "#fff" }}
                  itemStyle={{ color: "#ff4d4d" }}
                  labelFormatter={(_tick, payload) => {
                    const label = (payload[0]?.payload as ChartRow | undefined)?.label;
                    return label === undefined ? "" : cellOf(label, labelFormat);
                  }}
                  formatter={(value) => [formatValue(Number(value)), valueHeading]}
                />
                <Bar
                  dataKey="value"
                  fill="#ff4d4d"
                  radius={horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0]}
                  isAnimationActive={false}
                />
              </BarChart>
            </div>
          )}
          <div className={asTable ? "overflow-x-auto" : "sr-only"}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-border/40 text-xs uppercase tracking-wide text-text">
                  <th scope="col" className="px-2 py-2 font-semibold">
                    {labelHeading}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-semibold">
                    {valueHeading}
                  </th>
                  {detailHeading && (
                    <th scope="col" className="px-2 py-2 text-right font-semibold">
                      {detailHeading}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-border/30">
                {rows.map((row, index) => (
                  <tr key={`${index}:${row.label}`}>
                    <th scope="row" className="px-2 py-1.5 font-normal text-white/90">
                      {cellOf(row.label, labelFormat)}
                    </th>
                    <td className="px-2 py-1.5 text-right tabular-nums">{formatValue(row.value)}</td>
                    {detailHeading && (
                      <td className="px-2 py-1.5 text-right tabular-nums">
                        {(row.detail ?? 0).toLocaleString("en-GB")}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
