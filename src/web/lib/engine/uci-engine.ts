// Stockfish in a Web Worker, one per tab, started on first use, spoken to in UCI. Searches queue up
// and run one at a time; each can be stopped (a running one answers with what it found so far).
//
//   const job = getEngine().analyse({ fen, depth: 14, multiPv: 3 });
//   const { lines, bestMove } = await job.result; // lines[0].evaluation is White's view: { cp: 35 }
//   getEngine().analyse({ fen, depth: 10, elo: 1700 }); // plays like a 1700 player (UCI_LimitStrength)
import { parseBestMove, parseInfo, type InfoLine } from './uci-lines';

export type AnalyseRequest = {
  /** Full FEN. */
  fen: string;
  depth: number;
  /** Lines to find (1 = the best move only). */
  multiPv?: number;
  /** Only these moves (engine UCI) are searched: the evaluation of playing one of them. */
  searchMoves?: string[];
  /** Every scored line as the search deepens. */
  onInfo?: (info: InfoLine) => void;
  /** Play at this strength (clamped to ENGINE_ELO); full strength when left out. */
  elo?: number;
};

/** The Elo range Stockfish's UCI_Elo accepts. */
export const ENGINE_ELO = { min: 1320, max: 3190 } as const;

/** An Elo within ENGINE_ELO, rounded. */
export const clampEngineElo = (elo: number): number =>
  Math.min(ENGINE_ELO.max, Math.max(ENGINE_ELO.min, Math.round(elo)));

export type AnalyseResult = {
  /** The deepest depth reached (0 when stopped before any line). */
  depth: number;
  /** The deepest line per multipv, best first. */
  lines: InfoLine[];
  /** null in a finished game (mate or stalemate) or when stopped before a move. */
  bestMove: string | null;
  stopped: boolean;
};

export type EngineJob = { result: Promise<AnalyseResult>; stop: () => void };

type Pending = {
  request: AnalyseRequest;
  resolve: (result: AnalyseResult) => void;
  reject: (error: Error) => void;
  lines: Map<number, InfoLine>;
  stopped: boolean;
};

export class UciEngine {
  private worker: Worker | undefined;
  private started: Promise<void> | undefined;
  private waiting: { line: string; resolve: () => void }[] = [];
  private queue: Pending[] = [];
  private current: Pending | undefined;
  private multiPv = 1;
  /** The strength the engine is set to; undefined: full strength. */
  private elo: number | undefined;
  private freshGame = false;
  private failure: Error | undefined;

  constructor(private readonly url: string) {}

  /** Queues a search; `stop` drops a queued one and ends a running one early. */
  analyse(request: AnalyseRequest): EngineJob {
    let pending!: Pending;
    const result = new Promise<AnalyseResult>((resolve, reject) => {
      pending = { request, resolve, reject, lines: new Map(), stopped: false };
    });
    this.queue.push(pending);
    void this.pump();
    return { result, stop: () => this.stop(pending) };
  }

  /** The next search starts a new game (the engine forgets what it learnt from the last one). */
  newGame(): void {
    this.freshGame = true;
  }

  /** Stops the running search and drops every queued one. */
  stopAll(): void {
    for (const pending of [...this.queue]) this.stop(pending);
    if (this.current) this.stop(this.current);
  }

  private stop(pending: Pending): void {
    if (pending.stopped) return;
    pending.stopped = true;
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      pending.resolve({ depth: 0, lines: [], bestMove: null, stopped: true });
    } else if (pending === this.current) {
      this.worker?.postMessage('stop');
    }
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      const worker = new Worker(this.url);
      this.worker = worker;
      worker.onmessage = (event: MessageEvent) => {
        for (const line of String(event.data).split('\n')) this.onLine(line.trim());
      };
      worker.onerror = (event) => this.fail(new Error(`The engine could not start: ${event.message || 'no detail'}`));
      await this.send('uci', 'uciok');
      await this.send('isready', 'readyok');
    })();
    return this.started;
  }

  private send(command: string, until: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push({ line: until, resolve });
      this.worker!.postMessage(command);
    });
  }

  private fail(error: Error): void {
    this.failure = error;
    for (const pending of [this.current, ...this.queue]) pending?.reject(error);
    this.current = undefined;
    this.queue = [];
    for (const wait of this.waiting) wait.resolve();
    this.waiting = [];
  }

  private async pump(): Promise<void> {
    if (this.current || this.queue.length === 0) return;
    const pending = this.queue.shift()!;
    this.current = pending;
    try {
      if (this.failure) throw this.failure;
      await this.start();
      if (this.failure) throw this.failure;
      if (this.freshGame) {
        this.freshGame = false;
        this.worker!.postMessage('ucinewgame');
        await this.send('isready', 'readyok');
      }
      const { fen, depth, multiPv = 1, searchMoves } = pending.request;
      if (multiPv !== this.multiPv) {
        this.worker!.postMessage(`setoption name MultiPV value ${multiPv}`);
        this.multiPv = multiPv;
      }
      this.setStrength(pending.request.elo);
      this.worker!.postMessage(`position fen ${fen}`);
      if (pending.stopped) {
        // Stopped while the engine was starting: no search at all.
        this.finish(pending, null);
        return;
      }
      const moves = searchMoves?.length ? ` searchmoves ${searchMoves.join(' ')}` : '';
      this.worker!.postMessage(`go depth ${depth}${moves}`);
    } catch (error) {
      this.current = undefined;
      pending.reject(error instanceof Error ? error : new Error(String(error)));
      void this.pump();
    }
  }

  /** Searches without an Elo run at full strength again, whatever ran before them. */
  private setStrength(elo: number | undefined): void {
    const wanted = elo === undefined ? undefined : clampEngineElo(elo);
    if (wanted === this.elo) return;
    if (wanted === undefined) {
      this.worker!.postMessage('setoption name UCI_LimitStrength value false');
    } else {
      this.worker!.postMessage('setoption name UCI_LimitStrength value true');
      this.worker!.postMessage(`setoption name UCI_Elo value ${wanted}`);
    }
    this.elo = wanted;
  }

  private onLine(line: string): void {
    if (line === '') return;
    const waiting = this.waiting[0];
    if (waiting && line === waiting.line) {
      this.waiting.shift();
      waiting.resolve();
      return;
    }
    const pending = this.current;
    if (!pending) return;
    const best = parseBestMove(line);
    if (best !== undefined) return this.finish(pending, best);
    const toMove = pending.request.fen.split(' ')[1] === 'b' ? 'black' : 'white';
    const info = parseInfo(line, toMove);
    if (!info) return;
    pending.lines.set(info.multipv, info);
    pending.request.onInfo?.(info);
  }

  private finish(pending: Pending, bestMove: string | null): void {
    const lines = [...pending.lines.values()].sort((a, b) => a.multipv - b.multipv);
    const depth = lines.reduce((d, l) => Math.max(d, l.depth), 0);
    this.current = undefined;
    pending.resolve({ depth, lines, bestMove: bestMove ?? lines[0]?.pv[0] ?? null, stopped: pending.stopped });
    void this.pump();
  }
}

let engine: UciEngine | undefined;

/** The tab's engine, created (not yet started) on first call. */
export function getEngine(): UciEngine {
  engine ??= new UciEngine(__ENGINE_URL__);
  return engine;
}
