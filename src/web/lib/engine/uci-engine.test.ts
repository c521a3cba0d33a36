import { afterEach, describe, expect, test, vi } from 'vitest';
import { UciEngine } from './uci-engine';

/** A worker that answers as Stockfish would and keeps every command it was sent. */
class FakeStockfish {
  static last: FakeStockfish | undefined;
  sent: string[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  constructor() {
    FakeStockfish.last = this;
  }
  postMessage(command: string): void {
    this.sent.push(command);
    const answer = (line: string) => queueMicrotask(() => this.onmessage?.({ data: line }));
    if (command === 'uci') answer('uciok');
    else if (command === 'isready') answer('readyok');
    else if (command.startsWith('go ')) answer('info depth 1 multipv 1 score cp 20 pv e2e4\nbestmove e2e4');
  }
}

const options = () => FakeStockfish.last!.sent.filter((c) => c.startsWith('setoption'));

describe('the engine at a given strength', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('an Elo limits the strength for that search; a search without one is at full strength again', async () => {
    vi.stubGlobal('Worker', FakeStockfish);
    const engine = new UciEngine('/stockfish.js');
    const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect((await engine.analyse({ fen, depth: 1 }).result).bestMove).toBe('e2e4');
    expect(options()).toEqual([]);

    await engine.analyse({ fen, depth: 1, elo: 1700 }).result;
    await engine.analyse({ fen, depth: 1, elo: 1700 }).result;
    expect(options()).toEqual(['setoption name UCI_LimitStrength value true', 'setoption name UCI_Elo value 1700']);

    await engine.analyse({ fen, depth: 1, elo: 900 }).result;
    expect(options().slice(2)).toEqual([
      'setoption name UCI_LimitStrength value true',
      'setoption name UCI_Elo value 1320',
    ]);

    await engine.analyse({ fen, depth: 1 }).result;
    expect(options().slice(4)).toEqual(['setoption name UCI_LimitStrength value false']);
    // Each option is sent before the search it is for.
    const sent = FakeStockfish.last!.sent;
    expect(sent.indexOf('setoption name UCI_LimitStrength value false')).toBeLessThan(sent.lastIndexOf('go depth 1'));
  });
});
