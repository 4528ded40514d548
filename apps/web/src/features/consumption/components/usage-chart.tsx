import type { ConsumptionPeriod } from '@ecare/shared/consumption';
import { useId } from 'react';
import { chartScale, formatMonthShort, formatPeriod } from '../utils/consumption-format.ts';

/** One bar: a billing period, or a day of the running one. */
export interface UsageBar {
  key: string;
  value: number;
  /** False when nothing was recorded: a dash instead of a bar. */
  recorded: boolean;
  /** What the bar is, in words (its tooltip): `novembre 2026`, `3 novembre`. */
  name: string;
  /** Under the bar: `nov.`, `5`; empty to leave the place blank. */
  label: string;
  /** Under the label, smaller: `en cours`, `2026`. */
  sublabel?: string;
}

/** A bar per billing period, labelled with its month (and its year at the first and in January). */
export function periodBars(periods: readonly ConsumptionPeriod[], value: (period: ConsumptionPeriod) => number): UsageBar[] {
  return periods.map((period, index) => ({
    key: period.periode,
    value: value(period),
    recorded: period.releve,
    name: formatPeriod(period.periode),
    label: formatMonthShort(period.periode),
    sublabel: period.enCours ? 'en cours' : index === 0 || period.periode.endsWith('-01') ? period.periode.slice(0, 4) : '',
  }));
}

/** Drawing units of the chart; the SVG scales to its column. */
const WIDTH = 320;
const HEIGHT = 196;
const PLOT = { left: 52, right: 8, top: 18, bottom: 38 } as const;
const PLOT_WIDTH = WIDTH - PLOT.left - PLOT.right;
const PLOT_HEIGHT = HEIGHT - PLOT.top - PLOT.bottom;

export interface UsageChartProps {
  title: string;
  bars: readonly UsageBar[];
  /** The chart's text alternative: what the bars are and where their figures are in a table. */
  description: string;
  format: (value: number) => string;
  /** The axis' labels, when shorter than `format`'s. */
  tickFormat?: (value: number) => string;
  /** What the plan includes each period: drawn as a dashed line, bars beyond it in the accent colour. */
  limit: number | null;
  /** Step unit of the axis (1024 to count data in gigabytes). */
  unit?: number;
}

/**
 * A bar per billing period (or per day of the running one), drawn by hand in SVG (no chart library: decision 019). Colours come
 * from the design tokens through classes; nothing is set with a style attribute (CSP). The
 * figures are also in a table, which the chart's description names.
 */
export function UsageChart({ title, bars, description, format, tickFormat = format, limit, unit = 1 }: UsageChartProps) {
  const titleId = useId();
  const descriptionId = useId();
  const values = bars.map((bar) => bar.value);
  const { max, ticks } = chartScale(values, limit, unit);
  const y = (amount: number) => PLOT.top + PLOT_HEIGHT - (amount / max) * PLOT_HEIGHT;
  const slot = PLOT_WIDTH / Math.max(1, bars.length);
  const barWidth = Math.min(30, slot * 0.58);
  const over = limit !== null && bars.some((bar) => bar.recorded && bar.value > limit);
  // Figures above the bars only when each fits its bar's slot (about 5 units a character).
  const labelled = values.every((amount) => format(amount).length * 5 <= slot);

  return (
    <figure className="card space-y-2">
      <figcaption id={titleId} className="font-semibold">
        {title}
      </figcaption>
      <p id={descriptionId} className="sr-only">
        {description}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="h-auto w-full"
        data-chart={title}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(tick)} y2={y(tick)} className="stroke-line-soft" strokeWidth={1} />
            <text x={PLOT.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-muted text-[10px]">
              {tickFormat(tick)}
            </text>
          </g>
        ))}
        {bars.map((bar, index) => {
          const amount = bar.value;
          const centre = PLOT.left + slot * index + slot / 2;
          const beyond = limit !== null && amount > limit;
          const top = y(amount);
          return (
            <g key={bar.key}>
              <title>{`${bar.name} : ${bar.recorded ? format(amount) : 'aucune consommation relevée'}`}</title>
              {bar.recorded ? (
                <>
                  <rect
                    x={centre - barWidth / 2}
                    y={top}
                    width={barWidth}
                    height={Math.max(0, PLOT.top + PLOT_HEIGHT - top)}
                    rx={2}
                    className={beyond ? 'fill-accent' : 'fill-primary'}
                  />
                  {labelled ? (
                    <text x={centre} y={top - 4} textAnchor="middle" className="fill-ink text-[9px]">
                      {format(amount)}
                    </text>
                  ) : null}
                </>
              ) : (
                <text x={centre} y={PLOT.top + PLOT_HEIGHT - 4} textAnchor="middle" className="fill-muted text-[10px]">
                  –
                </text>
              )}
              <text x={centre} y={HEIGHT - PLOT.bottom + 14} textAnchor="middle" className="fill-ink text-[10px]">
                {bar.label}
              </text>
              <text x={centre} y={HEIGHT - PLOT.bottom + 26} textAnchor="middle" className="fill-muted text-[9px]">
                {bar.sublabel ?? ''}
              </text>
            </g>
          );
        })}
        <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={PLOT.top + PLOT_HEIGHT} y2={PLOT.top + PLOT_HEIGHT} className="stroke-line" strokeWidth={1} />
        {limit !== null ? (
          <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(limit)} y2={y(limit)} className="stroke-ink" strokeWidth={1.5} strokeDasharray="5 3" />
        ) : null}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-label={`Légende : ${title}`}>
        <li className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary" />
          Consommation
        </li>
        {limit !== null ? (
          <li className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-0 w-4 border-t-2 border-dashed border-ink" />
            {`Inclus dans le forfait\u00a0: ${format(limit)}`}
          </li>
        ) : null}
        {over ? (
          <li className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-accent" />
            Au-delà du forfait
          </li>
        ) : null}
      </ul>
    </figure>
  );
}
