import { describe, expect, test } from 'vitest';
import { dropMissed, MISSED_GAP, noteMissed, takeMissed } from './missed-items';

const a = { id: 1 };
const b = { id: 2 };

describe('missed items', () => {
  test('a missed item waits for a few other answers before it is asked again', () => {
    const list = noteMissed([], a, 4);
    for (let answered = 4; answered < 4 + MISSED_GAP; answered++)
      expect(takeMissed(list, answered, false)[0]).toBe(undefined);
    expect(takeMissed(list, 4 + MISSED_GAP, false)).toEqual([a, []]);
  });

  test('with nothing else left, a missed item is asked at once', () => {
    expect(takeMissed(noteMissed([], a, 10), 10, true)).toEqual([a, []]);
    expect(takeMissed([], 10, true)).toEqual([undefined, []]);
  });

  test('missed again, an item waits again once; answered right, it leaves the list', () => {
    let list = noteMissed(noteMissed([], a, 1), b, 2);
    list = noteMissed(list, a, 5);
    expect(list).toEqual([
      { item: b, after: 2 + MISSED_GAP },
      { item: a, after: 5 + MISSED_GAP },
    ]);
    expect(dropMissed(list, 2)).toEqual([{ item: a, after: 5 + MISSED_GAP }]);
  });
});
