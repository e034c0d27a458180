// @ts-check
/**
 * Swiss formats for the employee app, written out rather than taken from Intl: browsers disagree on the
 * de-CH thousands separator (’ or '), and people expect 25.11.2026 and 1'234.50 CHF in every language.
 * Pure functions on ISO strings, so the service's tests import them as they are served.
 */

/**
 * "2026-11-25" (or an ISO date-time) → "25.11.2026".
 * @param {string | null | undefined} iso
 */
export function formatDate(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(iso ?? ""));
  return m ? `${m[3]}.${m[2]}.${m[1]}` : "";
}

/**
 * A date range, one date when both ends are the same day.
 * @param {string} from
 * @param {string | null | undefined} [to]
 */
export function formatRange(from, to) {
  return !to || from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}

/**
 * A number with ' between thousands and `decimals` places after a point: 1234.5 → "1'234.50".
 * @param {number} n
 */
export function formatNumber(n, decimals = 2) {
  const neg = n < 0;
  const [int, frac] = Math.abs(n).toFixed(decimals).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  return `${neg ? "-" : ""}${grouped}${frac ? `.${frac}` : ""}`;
}

/**
 * An amount in francs: 1234.5 → "1'234.50 CHF".
 * @param {number} n
 */
export function formatChf(n) {
  return `${formatNumber(n, 2)} CHF`;
}

/** Days or hours as the service counts them (at most two places, no trailing zeros): 2.5 → "2.5".
 * @param {number} n
 */
export function formatQuantity(n) {
  return formatNumber(Math.round(n * 100) / 100, 2).replace(/\.?0+$/, "");
}

/**
 * A moment (ms or ISO) in the browser's local time: "25.11.2026 10:05".
 * @param {number | string} value
 */
export function formatMoment(value) {
  const d = new Date(value);
  const p = (/** @type {number} */ x) => String(x).padStart(2, "0");
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()} ${p(d.getHours())}:${
    p(d.getMinutes())
  }`;
}

/**
 * The ISO date `days` after `iso` (calendar arithmetic in UTC, so no daylight-saving shifts).
 * @param {string} iso
 * @param {number} days
 */
export function addDays(iso, days) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The Monday of the week of `iso`.
 * @param {string} iso
 */
export function mondayOf(iso) {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return addDays(iso, -((day + 6) % 7));
}

/** The browser's local date as ISO. */
export function localToday() {
  const d = new Date();
  const p = (/** @type {number} */ x) => String(x).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
