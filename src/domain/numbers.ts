/**
 * Number rounding shared by the domain rules, so every figure shown to people (days, hours, weeks) is
 * rounded the same way in the portal and the connector.
 */

/**
 * Rounds to 2 decimals, halves away from zero for positive values (1.005 → 1.01). Day counts are halves
 * and hours are minutes / 60, so binary fractions must not leak into responses (0.1 + 0.2).
 */
export function round2(n: number): number {
  // `|| 0` turns -0 into 0, so a balance of nothing never shows as "-0".
  return Math.sign(n) * (Math.round((Math.abs(n) + Number.EPSILON) * 100) / 100) || 0;
}
