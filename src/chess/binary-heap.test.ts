import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BinaryHeap } from './binary-heap.js';

describe('BinaryHeap', () => {
  it('gives entries back in order, whatever order they went in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (values) => {
        const heap = new BinaryHeap<number>((a, b) => a > b);
        for (const v of values) heap.push(v);
        const out: number[] = [];
        while (heap.size > 0) out.push(heap.pop()!);
        expect(out).toEqual([...values].sort((a, b) => b - a));
      }),
    );
  });

  it('peeks without taking, and pops nothing from an empty heap', () => {
    const heap = new BinaryHeap<string>((a, b) => a < b);
    expect(heap.pop()).toBeUndefined();
    heap.push('b');
    heap.push('a');
    expect(heap.peek()).toBe('a');
    expect(heap.size).toBe(2);
  });
});
