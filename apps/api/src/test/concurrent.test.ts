import { describe, expect, it } from 'vitest';
import { releasedTogether, statusTally } from './concurrent.ts';

describe('releasedTogether', () => {
  it('starts every request before any of them ends, and keeps their order', async () => {
    const events: string[] = [];
    const answers = await releasedTogether(5, async (index) => {
      events.push(`start ${index}`);
      await new Promise((resolve) => setTimeout(resolve, 5 - index));
      events.push(`end ${index}`);
      return index * 10;
    });
    expect(answers).toEqual([0, 10, 20, 30, 40]);
    expect(events.slice(0, 5)).toEqual(['start 0', 'start 1', 'start 2', 'start 3', 'start 4']);
  });

  it('rejects with a failing request once the others have settled', async () => {
    let settled = 0;
    const call = releasedTogether(3, async (index) => {
      await new Promise((resolve) => setTimeout(resolve, index === 1 ? 0 : 10));
      settled += 1;
      if (index === 1) throw new Error('refused');
      return index;
    });
    await expect(call).rejects.toThrow('refused');
    expect(settled).toBe(3);
  });
});

describe('statusTally', () => {
  it('counts the answers of each status', () => {
    expect(statusTally([{ statusCode: 201 }, { statusCode: 409 }, { statusCode: 409 }])).toEqual({ 201: 1, 409: 2 });
  });
});
