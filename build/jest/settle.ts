/** Settling React after async work in the fragments' Jest suites (real or fake timers). */
import { act } from '@testing-library/react';

/** Lets pending promises (fetch answers, body reads, the core's `ready()`) settle: `rounds` turns. */
export async function settle(rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

/** Advances fake time by `ms`, inside `act` so what the timers trigger renders. */
export async function advanceTime(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}
