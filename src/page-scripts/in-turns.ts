// Runs start-up steps one task each, in order. Together the store pages' enhancements cost a slow
// phone 40 to 120 ms of main thread (4x CPU throttling); in one task that blocks a tap for all of
// it, and Lighthouse counts everything past 50 ms as blocking time. Taken in turns, no task
// lasts much more than the slowest step, and input can be handled between them.

type Step = () => void;

interface Scheduler {
  yield?: () => Promise<void>;
}

/** Ends the current task; the next step runs in a new one (scheduler.yield where there is one). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `steps` in order, each in its own task; a step that throws is reported and the rest still run. */
export async function runInTurns(steps: readonly Step[]): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await yieldToMain();
    try {
      step();
    } catch (err) {
      console.error(err);
    }
  }
}
