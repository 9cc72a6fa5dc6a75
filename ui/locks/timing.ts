/** Spec 2 section 9: the renewal question 30 s before expiry, the release failsafe 3 s, the renewal debounce 1 s. */
export const lockTiming = {
  warnBeforeMs: 30_000,
  releaseFailsafeMs: 3_000,
  renewDebounceMs: 1_000,
  /** How often a grid showing locked rows asks whether they still are (it refreshes once one is released). */
  heldPollMs: 5_000,
};
