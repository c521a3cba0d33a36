/**
 * A move tree held in typed arrays, for the additions chapter of an edited repertoire: a node is an
 * index, and nodes playing the same SAN share one data object. Tens of thousands of added moves then
 * make no objects of their own, which the collector would copy while the text is written.
 */
import type { PgnNodeData } from 'chessops/pgn';
import type { MoveTreeReader } from './pgn-write.js';

const NONE = -1;

export class AdditionsTree implements MoveTreeReader<number> {
  private firstChild = new Int32Array(1024);
  private nextSibling = new Int32Array(1024);
  private lastChild = new Int32Array(1024);
  private readonly datas: (PgnNodeData | undefined)[] = [];
  private readonly bySan = new Map<string, PgnNodeData>();

  /** A new tree's root (a node with no move). */
  root(): number {
    return this.make(undefined);
  }

  /** The node's child playing `san`, made as its last child when it has none. */
  moveTo(node: number, san: string): number {
    for (let c = this.firstChild[node]; c !== NONE; c = this.nextSibling[c]) if (this.datas[c]!.san === san) return c;
    let data = this.bySan.get(san);
    if (data === undefined) this.bySan.set(san, (data = { san }));
    const made = this.make(data);
    if (this.firstChild[node] === NONE) this.firstChild[node] = made;
    else this.nextSibling[this.lastChild[node]] = made;
    this.lastChild[node] = made;
    return made;
  }

  /** Adds a comment after the node's move (its data becomes its own). */
  comment(node: number, text: string): void {
    const data = this.datas[node]!;
    this.datas[node] = { san: data.san, comments: [...(data.comments ?? []), text] };
  }

  child(node: number, index: number): number | undefined {
    let c = this.firstChild[node];
    for (let i = 0; i < index && c !== NONE; i++) c = this.nextSibling[c];
    return c === NONE ? undefined : c;
  }

  data(node: number): PgnNodeData {
    return this.datas[node]!;
  }

  private make(data: PgnNodeData | undefined): number {
    const node = this.datas.length;
    if (node === this.firstChild.length) this.grow();
    this.datas.push(data);
    this.firstChild[node] = NONE;
    this.nextSibling[node] = NONE;
    this.lastChild[node] = NONE;
    return node;
  }

  private grow(): void {
    const grown = (from: Int32Array) => {
      const to = new Int32Array(from.length * 2);
      to.set(from);
      return to;
    };
    this.firstChild = grown(this.firstChild);
    this.nextSibling = grown(this.nextSibling);
    this.lastChild = grown(this.lastChild);
  }
}
