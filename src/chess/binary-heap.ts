/**
 * A binary heap: `peek` and `pop` give the entry that `before` puts first, in O(log n) per push or pop.
 *
 *   const heap = new BinaryHeap<number>((a, b) => a > b);   // largest first
 *   heap.push(3); heap.push(7); heap.pop()   // 7
 */
export class BinaryHeap<T> {
  private readonly items: T[] = [];

  /** before(a, b): a comes out ahead of b. */
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    let at = items.push(item) - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(item, items[parent])) break;
      items[at] = items[parent];
      at = parent;
    }
    items[at] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && this.before(items[right], items[left]) ? right : left;
      if (!this.before(items[child], last)) break;
      items[at] = items[child];
      at = child;
    }
    items[at] = last;
    return top;
  }
}
