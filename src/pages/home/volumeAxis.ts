/** Steps an axis reads at a glance: 1, 2, 2.5 or 5 times a power of ten. */
const NICE_STEPS = [1, 2, 2.5, 5, 10];

/**
 * The y-axis of a bar chart whose tallest bar is `highest`: round ticks from 0 up to the first
 * one at or above it (`count` intervals at most). The bars are drawn against the top tick, so
 * the tallest bar ends at or below the top gridline and every gridline is a labelled figure.
 */
export function axisTicks(highest: number, count = 4): number[] {
  if (!Number.isFinite(highest) || highest <= 0) return [0, 1];
  const rough = highest / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = (NICE_STEPS.find((n) => n * magnitude >= rough) ?? 10) * magnitude;
  const ticks: number[] = [];
  // Multiplying (not adding) keeps 0.1 steps free of float drift.
  for (let i = 0; ticks.length === 0 || ticks[ticks.length - 1] < highest; i += 1) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}
