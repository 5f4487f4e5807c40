/**
 * Plots as SVG text, drawn by tacsim itself, so a report page needs no script and no network and prints as
 * it shows: one plot() with numeric axes (labels with units, "nice" ticks) and layers drawn in order: grouped
 * bars, shaded bands, lines, points with error bars, and marked vertical and horizontal lines.
 */

export interface Tick {
  value: number;
  label: string;
}

export interface AxisSpec {
  /** The axis title with its unit: "VP margin (VP, german − soviet)". */
  label: string;
  min?: number;
  max?: number;
  /** Ticks given (categories); otherwise "nice" numbers. */
  ticks?: Tick[];
  /** Tick labels as percentages of 1. */
  percent?: boolean;
  /** Counts: whole-number ticks only. */
  integer?: boolean;
}

export type Layer =
  | {
      kind: 'bars';
      series: { name: string; color: string; points: { x: number; y: number }[] }[];
      width: number;
      /** The series' bars share each slot (their x values never meet) instead of standing side by side. */
      overlay?: boolean;
    }
  | { kind: 'band'; name?: string; color: string; points: { x: number; lo: number; hi: number }[] }
  | { kind: 'line'; name?: string; color: string; points: { x: number; y: number }[]; dash?: boolean; dots?: boolean }
  | { kind: 'errorbars'; name?: string; color: string; points: { x: number; y: number; lo: number; hi: number }[] }
  | { kind: 'vline'; x: number; label: string; color: string }
  | { kind: 'hline'; y: number; label: string; color: string };

export interface PlotSpec {
  /** Id of the figure (data-plot attribute), for tests and links. */
  id: string;
  title: string;
  x: AxisSpec;
  y: AxisSpec;
  layers: Layer[];
  width?: number;
  height?: number;
}

export const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const fmt = (x: number): string => {
  const r = Math.round(x * 1e6) / 1e6;
  return Math.abs(r) >= 1e4 ? r.toExponential(1) : String(r);
};

/** About `count` round tick values covering [lo, hi]. */
export function niceTicks(lo: number, hi: number, count = 6, integer = false): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const step = integer ? Math.max(1, Math.round(nice)) : nice;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) out.push(Math.round(v / step) * step);
  return out;
}

function extent(layers: Layer[], axis: 'x' | 'y'): [number, number] {
  const vals: number[] = [];
  for (const l of layers) {
    if (l.kind === 'bars')
      for (const s of l.series)
        for (const p of s.points) {
          if (axis === 'x') vals.push(p.x - l.width / 2, p.x + l.width / 2);
          else vals.push(0, p.y);
        }
    else if (l.kind === 'band') for (const p of l.points) vals.push(...(axis === 'x' ? [p.x] : [p.lo, p.hi]));
    else if (l.kind === 'line') for (const p of l.points) vals.push(axis === 'x' ? p.x : p.y);
    else if (l.kind === 'errorbars') for (const p of l.points) vals.push(...(axis === 'x' ? [p.x] : [p.lo, p.hi]));
    else if (l.kind === 'vline' && axis === 'x') vals.push(l.x);
    else if (l.kind === 'hline' && axis === 'y') vals.push(l.y);
  }
  const finite = vals.filter(Number.isFinite);
  if (finite.length === 0) return [0, 1];
  let lo = Math.min(...finite);
  let hi = Math.max(...finite);
  if (lo === hi) {
    lo -= 1;
    hi += 1;
  }
  return [lo, hi];
}

/** One plot as an SVG element (with a <title> for screen readers and a data-plot id). */
export function plot(spec: PlotSpec): string {
  const W = spec.width ?? 640;
  const H = spec.height ?? 320;
  const m = { left: 64, right: 16, top: 30, bottom: 52 };
  const [dx0, dx1] = extent(spec.layers, 'x');
  const [dy0, dy1] = extent(spec.layers, 'y');
  const xTicksAuto = spec.x.ticks ? undefined : niceTicks(spec.x.min ?? dx0, spec.x.max ?? dx1, 8, spec.x.integer);
  const yTicksAuto = spec.y.ticks ? undefined : niceTicks(spec.y.min ?? dy0, spec.y.max ?? dy1, 5, spec.y.integer);
  const x0 = spec.x.min ?? Math.min(dx0, ...(xTicksAuto ?? []));
  const x1 = spec.x.max ?? Math.max(dx1, ...(xTicksAuto ?? []));
  const y0 = spec.y.min ?? Math.min(dy0, ...(yTicksAuto ?? []));
  const y1 = spec.y.max ?? Math.max(dy1, ...(yTicksAuto ?? []));
  const px = (x: number) => m.left + ((x - x0) / (x1 - x0 || 1)) * (W - m.left - m.right);
  const py = (y: number) => H - m.bottom - ((y - y0) / (y1 - y0 || 1)) * (H - m.top - m.bottom);
  const label = (axis: AxisSpec, v: number) => (axis.percent ? `${fmt(Math.round(v * 1000) / 10)}%` : fmt(v));
  const xTicks: Tick[] = spec.x.ticks ?? xTicksAuto!.filter((v) => v >= x0 && v <= x1).map((v) => ({ value: v, label: label(spec.x, v) }));
  const yTicks: Tick[] = spec.y.ticks ?? yTicksAuto!.filter((v) => v >= y0 && v <= y1).map((v) => ({ value: v, label: label(spec.y, v) }));
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="plot" data-plot="${esc(spec.id)}" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">`,
    `<title>${esc(spec.title)}</title>`,
    `<text x="${W / 2}" y="16" text-anchor="middle" class="ptitle">${esc(spec.title)}</text>`,
  );
  // Grid and axes.
  for (const t of yTicks)
    out.push(
      `<line x1="${m.left}" x2="${W - m.right}" y1="${py(t.value)}" y2="${py(t.value)}" class="grid"/>`,
      `<text x="${m.left - 6}" y="${py(t.value) + 4}" text-anchor="end" class="tick">${esc(t.label)}</text>`,
    );
  for (const t of xTicks)
    out.push(
      `<line x1="${px(t.value)}" x2="${px(t.value)}" y1="${H - m.bottom}" y2="${H - m.bottom + 4}" class="axis"/>`,
      `<text x="${px(t.value)}" y="${H - m.bottom + 17}" text-anchor="middle" class="tick">${esc(t.label)}</text>`,
    );
  out.push(
    `<line x1="${m.left}" x2="${W - m.right}" y1="${H - m.bottom}" y2="${H - m.bottom}" class="axis"/>`,
    `<line x1="${m.left}" x2="${m.left}" y1="${m.top}" y2="${H - m.bottom}" class="axis"/>`,
    `<text x="${(m.left + W - m.right) / 2}" y="${H - 10}" text-anchor="middle" class="alabel">${esc(spec.x.label)}</text>`,
    `<text transform="translate(14 ${(m.top + H - m.bottom) / 2}) rotate(-90)" text-anchor="middle" class="alabel">${esc(spec.y.label)}</text>`,
  );
  const legend: { name: string; color: string }[] = [];
  const clampY = (y: number) => Math.min(Math.max(y, y0), y1);
  for (const l of spec.layers) {
    if (l.kind === 'bars') {
      const n = l.overlay ? 1 : l.series.length;
      const slot = (px(x0 + l.width) - px(x0)) / n;
      l.series.forEach((s, k) => {
        legend.push(s);
        for (const p of s.points) {
          if (p.y === 0) continue;
          const left = px(p.x - l.width / 2) + (l.overlay ? 0 : k) * slot;
          const top = py(clampY(p.y));
          out.push(
            `<rect class="bar" x="${left + 0.5}" y="${top}" width="${Math.max(1, slot - 1)}" height="${Math.max(0, py(Math.max(y0, 0)) - top)}" fill="${s.color}"><title>${esc(`${s.name}: ${fmt(p.x)} → ${fmt(p.y)}`)}</title></rect>`,
          );
        }
      });
    } else if (l.kind === 'band') {
      if (l.points.length === 0) continue;
      if (l.name) legend.push({ name: l.name, color: l.color });
      const top = l.points.map((p) => `${px(p.x)},${py(clampY(p.hi))}`);
      const bottom = [...l.points].reverse().map((p) => `${px(p.x)},${py(clampY(p.lo))}`);
      out.push(`<polygon class="band" points="${[...top, ...bottom].join(' ')}" fill="${l.color}" fill-opacity="0.22" stroke="none"/>`);
    } else if (l.kind === 'line') {
      if (l.points.length === 0) continue;
      if (l.name) legend.push({ name: l.name, color: l.color });
      out.push(
        `<polyline class="line" points="${l.points.map((p) => `${px(p.x)},${py(clampY(p.y))}`).join(' ')}" fill="none" stroke="${l.color}" stroke-width="2"${l.dash ? ' stroke-dasharray="5 4"' : ''}/>`,
      );
      if (l.dots) for (const p of l.points) out.push(`<circle cx="${px(p.x)}" cy="${py(clampY(p.y))}" r="3" fill="${l.color}"/>`);
    } else if (l.kind === 'errorbars') {
      if (l.name) legend.push({ name: l.name, color: l.color });
      for (const p of l.points)
        out.push(
          `<line x1="${px(p.x)}" x2="${px(p.x)}" y1="${py(clampY(p.lo))}" y2="${py(clampY(p.hi))}" stroke="${l.color}" stroke-width="2"/>`,
          `<circle class="point" cx="${px(p.x)}" cy="${py(clampY(p.y))}" r="4" fill="${l.color}"><title>${esc(`${fmt(p.x)}: ${fmt(p.y)} (${fmt(p.lo)} to ${fmt(p.hi)})`)}</title></circle>`,
        );
    } else if (l.kind === 'vline') {
      out.push(
        `<line class="marker" x1="${px(l.x)}" x2="${px(l.x)}" y1="${m.top}" y2="${H - m.bottom}" stroke="${l.color}" stroke-width="1.5" stroke-dasharray="4 3"/>`,
        `<text x="${px(l.x) + 4}" y="${m.top + 12}" class="mlabel" fill="${l.color}">${esc(l.label)}</text>`,
      );
    } else {
      out.push(
        `<line class="marker" x1="${m.left}" x2="${W - m.right}" y1="${py(l.y)}" y2="${py(l.y)}" stroke="${l.color}" stroke-width="1" stroke-dasharray="2 3"/>`,
        `<text x="${W - m.right - 4}" y="${py(l.y) - 4}" text-anchor="end" class="mlabel" fill="${l.color}">${esc(l.label)}</text>`,
      );
    }
  }
  // Legend, top left inside the plot area.
  legend.forEach((e, k) => {
    const y = m.top + 6 + k * 15;
    out.push(
      `<rect x="${m.left + 8}" y="${y}" width="10" height="10" fill="${e.color}"/>`,
      `<text x="${m.left + 22}" y="${y + 9}" class="legend">${esc(e.name)}</text>`,
    );
  });
  out.push('</svg>');
  return out.join('\n');
}
