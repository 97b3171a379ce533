import { formatDayKey } from "~/domain/india-time";
import { formatRupees, formatRupeesShort } from "~/domain/money";

export type SalesDay = { day: string; revenue: number; orders: number };

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 44, bottom: 32, left: 72 };

/** A round ceiling for an axis: 1, 2 or 5 times a power of ten. */
export function niceCeiling(value: number) {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (value <= step * power) return step * power;
  }
  return 10 * power;
}

/**
 * Revenue (bars, left axis) and orders (dots, right axis) per day, drawn as inline SVG with a
 * summary for screen readers and the same figures as a table.
 */
export function SalesChart({ days }: { days: SalesDay[] }) {
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const revenueMax = niceCeiling(Math.max(0, ...days.map((d) => d.revenue)) / 100) * 100;
  // An even ceiling of at least 2, so the middle line is a whole number of orders.
  const ordersMax = Math.max(2, 2 * niceCeiling(Math.max(0, ...days.map((d) => d.orders)) / 2));
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (fraction: number) => PAD.top + plotHeight * (1 - fraction);
  const totalRevenue = days.reduce((sum, d) => sum + d.revenue, 0);
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const best = days.reduce<SalesDay | null>(
    (top, d) => (d.revenue > 0 && (!top || d.revenue > top.revenue) ? d : top),
    null,
  );
  const first = days[0];
  const last = days.at(-1);
  const range = first && last ? `${formatDayKey(first.day)} to ${formatDayKey(last.day)}` : "";
  const summary = `${formatRupees(totalRevenue)} from ${totalOrders} ${
    totalOrders === 1 ? "order" : "orders"
  } between ${range}.${
    best ? ` Best day: ${formatDayKey(best.day)} with ${formatRupees(best.revenue)}.` : ""
  }`;
  const ticks = [0, 0.5, 1];
  const dots = days.map((d, index) => ({
    x: PAD.left + slot * index + slot / 2,
    y: y(d.orders / ordersMax),
  }));

  return (
    // Inside role="img" the drawing's parts are not read out; the title, description and table are.
    <figure className="grid gap-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby="sales-chart-title sales-chart-desc"
      >
        {/* One string: React's server renders an SVG <title> of several text parts empty. */}
        <title id="sales-chart-title">{`Revenue and orders per day, last ${days.length} days`}</title>
        <desc id="sales-chart-desc">{summary}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(t)}
              y2={y(t)}
              className="stroke-border"
              strokeWidth="1"
            />
            <text
              x={PAD.left - 8}
              y={y(t)}
              dy="0.35em"
              textAnchor="end"
              className="fill-muted-foreground text-[11px]"
            >
              {formatRupeesShort(Math.round(revenueMax * t))}
            </text>
            <text
              x={WIDTH - PAD.right + 8}
              y={y(t)}
              dy="0.35em"
              className="fill-muted-foreground text-[11px]"
            >
              {Math.round(ordersMax * t)}
            </text>
          </g>
        ))}
        {days.map((d, index) => {
          const height = revenueMax ? (plotHeight * d.revenue) / revenueMax : 0;
          const x = PAD.left + slot * index + (slot - barWidth) / 2;
          return (
            <g key={d.day}>
              <title>
                {`${formatDayKey(d.day, true)}: ${formatRupees(d.revenue)}, ${d.orders} ${
                  d.orders === 1 ? "order" : "orders"
                }`}
              </title>
              {/* A transparent column makes the whole day hoverable, even with no sales. */}
              <rect
                x={PAD.left + slot * index}
                y={PAD.top}
                width={slot}
                height={plotHeight}
                className="fill-transparent"
              />
              <rect
                x={x}
                y={PAD.top + plotHeight - height}
                width={barWidth}
                height={height}
                rx="2"
                className="fill-primary"
              />
              {index % 5 === 0 || index === days.length - 1 ? (
                <text
                  x={PAD.left + slot * index + slot / 2}
                  y={HEIGHT - 10}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[11px]"
                >
                  {formatDayKey(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
        <polyline
          points={dots.map((p) => `${p.x},${p.y}`).join(" ")}
          className="fill-none stroke-accent-strong"
          strokeWidth="1.5"
        />
        {dots.map((p, index) => (
          <circle key={days[index]!.day} cx={p.x} cy={p.y} r="3" className="fill-accent-strong" />
        ))}
      </svg>
      <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-1 text-muted-foreground text-sm">
        <span className="inline-flex items-center gap-2">
          <span className="inline-block size-3 rounded-sm bg-primary" aria-hidden="true" />
          Revenue (left axis)
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="inline-block size-3 rounded-full bg-accent-strong" aria-hidden="true" />
          Orders (right axis)
        </span>
        <span>India time; cancelled orders are left out.</span>
      </figcaption>
      <details className="rounded-md border border-border">
        <summary className="cursor-pointer px-3 py-2 font-medium text-sm">
          Show the figures as a table
        </summary>
        <div className="max-h-80 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Revenue and orders per day</caption>
            <thead className="border-border border-b text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-border border-b last:border-0">
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    {formatDayKey(d.day, true)}
                  </th>
                  <td className="px-3 py-1.5 text-right">{d.orders}</td>
                  <td className="px-3 py-1.5 text-right">{formatRupees(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
