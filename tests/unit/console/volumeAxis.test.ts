import { describe, expect, it } from 'vitest';
import { axisTicks } from '../../../src/pages/home/volumeAxis';

describe('the volume chart has a y-axis of round figures', () => {
  it.each([
    [5200, [0, 2000, 4000, 6000]],
    [1250, [0, 500, 1000, 1500]],
    [100, [0, 25, 50, 75, 100]],
    [7, [0, 2, 4, 6, 8]],
    [0.37, [0, 0.1, 0.2, 0.3, 0.4]],
  ])('a tallest bar of %s gets the ticks %j', (highest, ticks) => {
    expect(axisTicks(highest)).toEqual(ticks);
  });

  it('the top tick is never below the tallest bar, and an empty chart still has an axis', () => {
    for (const highest of [1, 3, 99, 101, 45582.45, 0.0021]) expect(axisTicks(highest).at(-1)).toBeGreaterThanOrEqual(highest);
    expect(axisTicks(0)).toEqual([0, 1]);
  });
});
