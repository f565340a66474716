// Running totals over the deals of a game as an inline SVG line chart.
import { t } from "./i18n.js";
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"];

// `names` are drawn as given: short ones fit the legend.
export function scoreChart(names, dealScores) {
  const n = names.length;
  const running = [Array(n).fill(0)];
  for (const scores of dealScores) running.push(running.at(-1).map((v, i) => v + (scores[i] || 0)));
  const values = running.flat();
  const top = Math.max(10, ...values), bottom = Math.min(-10, ...values);
  const width = 320, height = 160, pad = 28;
  const x = (i) => pad + (i * (width - pad - 8)) / Math.max(1, running.length - 1);
  const y = (v) => 8 + ((top - v) * (height - 24)) / (top - bottom);
  const lines = names.map((name, seat) => {
    const points = running.map((r, i) => `${x(i).toFixed(1)},${y(r[seat]).toFixed(1)}`).join(" ");
    return `<polyline fill="none" stroke="${COLOURS[seat]}" stroke-width="2.5" points="${points}"/>` +
      running.map((r, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(r[seat]).toFixed(1)}" r="2.5" fill="${COLOURS[seat]}"/>`).join("");
  }).join("");
  const legend = names.map((name, seat) =>
    `<text x="${(4 + (seat * (width - 8)) / n).toFixed(1)}" y="${height - 2}" font-size="${n > 4 ? 9 : 11}" fill="${COLOURS[seat]}">■ ${escapeText(name)}</text>`).join("");
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeText(t("scores_chart"))}">
    <line x1="${pad}" x2="${width - 8}" y1="${y(0)}" y2="${y(0)}" stroke="#999" stroke-dasharray="3 3"/>
    <text x="2" y="${y(top) + 4}" font-size="10" fill="#555">${top}</text>
    <text x="2" y="${y(bottom) + 4}" font-size="10" fill="#555">${bottom}</text>
    ${lines}${legend}</svg>`;
}

export function escapeText(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
