import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInTurns } from '../../src/page-scripts/in-turns.ts';

describe('start-up steps taken in turns', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs the steps in order, each in its own task: a timer set by one step fires before the next step', async () => {
    const seen: string[] = [];
    await runInTurns([
      () => {
        seen.push('first');
        setTimeout(() => seen.push('timer set by first'), 0);
      },
      () => seen.push('second'),
      () => seen.push('third'),
    ]);
    expect(seen).toEqual(['first', 'timer set by first', 'second', 'third']);
  });

  it('reports a step that throws and still runs the ones after it', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    await runInTurns([
      () => {
        throw new Error('broken step');
      },
      () => seen.push('after'),
    ]);
    expect(seen).toEqual(['after']);
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken step' }));
  });
});
