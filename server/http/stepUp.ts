/** A step-up counts for this long, on the session it was made on. */
export const STEP_UP_MS = 5 * 60_000;

/** Whether a step-up made at `at` still counts at `now` (a clock set back does not stretch it). */
export const isStepUpFresh = (at: Date | null, now: Date): boolean =>
  at !== null && at.getTime() <= now.getTime() && now.getTime() - at.getTime() < STEP_UP_MS;
