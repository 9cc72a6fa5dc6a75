export { parseAmount as parsePercentage } from '../currency/logic.ts';

/** Percent shows two decimals unless a field says otherwise. */
export const PERCENT_DECIMALS = 2;

/** A percentage for display: fixed decimals and the ' %' suffix of the spec's percentage filter. */
export function formatPercentage(value: number | null | undefined, decimals = PERCENT_DECIMALS): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `${value.toFixed(decimals)} %`;
}
