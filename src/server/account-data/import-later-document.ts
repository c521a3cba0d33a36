// Reading the kinds the export document gained after its first version (see import-document.ts for
// the first kinds). Each row is checked with its schema, then with what the app checks when it makes
// such a row: an edit's line is read from the start, a source's text in full, an analysis and a try at
// a mistake against their review's game, a Woodpecker set's answers against its own positions. Rows
// that name others name them by their id in the document; a name not in the document is a bad row.
import {
  mainlineMoves,
  parseExcludeSymbols,
  parseGames,
  parseRepertoireLine,
  sanOf,
  sideToMove,
} from '../../chess/index.js';
import { nextTurn } from '../drill/drill-writer.js';
import type { RepertoireCache } from '../openings/repertoire-cache.js';
import { measureSource } from '../openings/repertoire-sources.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { MAX_ADDED_PLIES_PER_COLOR, MAX_EDITS_PER_COLOR, pliesOf } from '../repertoire/edits-store.js';
import { MAX_SOURCES_PER_COLOR } from '@contract/repertoire-sources.js';
import {
  exportedCoverageGoal,
  exportedExpectedScore,
  exportedGameAnalysis,
  exportedLearnAttempt,
  exportedOpponentPrep,
  exportedRepertoireEdit,
  exportedRepertoireSource,
  exportedScheduler,
  exportedWoodpeckerSet,
  type ExportedCoverageGoal,
  type ExportedExpectedScore,
  type ExportedGameAnalysis,
  type ExportedGameReview,
  type ExportedLearnAttempt,
  type ExportedOpponentPrep,
  type ExportedRepertoireEdit,
  type ExportedRepertoireSource,
  type ExportedScheduler,
  type ExportedWoodpeckerSet,
} from './export-format.js';
import { badRow, parseRow, parseRows, refuseNul } from './import-parse.js';

/** The later kinds' lists of the document body, emptied as their rows are read. */
export type LaterLists = Partial<
  Record<
    | 'repertoire_sources'
    | 'repertoire_edits'
    | 'coverage_goals'
    | 'expected_scores'
    | 'game_analyses'
    | 'learn_attempts'
    | 'opponent_preps'
    | 'woodpecker_sets',
    unknown[]
  >
> & { scheduler?: unknown };

export interface LaterDocument {
  /** Undefined in a document made before sources were exported: the account's are left as they are. */
  repertoireSources: ExportedRepertoireSource[] | undefined;
  /** Lines as the workshop stores them (normalised), with the moves each addition adds. */
  repertoireEdits: (ExportedRepertoireEdit & { plies: number })[];
  coverageGoals: ExportedCoverageGoal[];
  expectedScores: ExportedExpectedScore[];
  scheduler: ExportedScheduler | undefined;
  gameAnalyses: ExportedGameAnalysis[];
  learnAttempts: ExportedLearnAttempt[];
  opponentPreps: ExportedOpponentPrep[];
  woodpeckerSets: ExportedWoodpeckerSet[];
}

/** Lines read between two turns of the event loop (a 300-move line takes some 2 ms). */
const LINES_PER_TURN = 50;

export async function parseLaterKinds(
  lists: LaterLists,
  reviews: ExportedGameReview[],
  repertoires: RepertoireCache,
): Promise<LaterDocument> {
  const sources =
    lists.repertoire_sources === undefined
      ? undefined
      : await checkSources(
          repertoires,
          await parseRows(exportedRepertoireSource, lists.repertoire_sources, 'repertoire_sources'),
        );
  const edits = await checkEdits(await parseRows(exportedRepertoireEdit, lists.repertoire_edits, 'repertoire_edits'));
  let scheduler: ExportedScheduler | undefined;
  if (lists.scheduler !== undefined && lists.scheduler !== null) {
    refuseNul(lists.scheduler, 'scheduler');
    scheduler = parseRow(exportedScheduler, lists.scheduler, 'scheduler');
  }
  const games = new ReviewGames(reviews);
  const analyses = await parseRows(exportedGameAnalysis, lists.game_analyses, 'game_analyses');
  await checkAnalyses(analyses, games);
  const attempts = await parseRows(exportedLearnAttempt, lists.learn_attempts, 'learn_attempts');
  await checkLearnAttempts(attempts, games);
  const sets = await parseRows(exportedWoodpeckerSet, lists.woodpecker_sets, 'woodpecker_sets');
  sets.forEach((set, index) => checkWoodpeckerSet(set, `woodpecker_sets[${index}]`));
  return {
    repertoireSources: sources,
    repertoireEdits: edits,
    coverageGoals: await parseRows(exportedCoverageGoal, lists.coverage_goals, 'coverage_goals'),
    expectedScores: await parseRows(exportedExpectedScore, lists.expected_scores, 'expected_scores'),
    scheduler,
    gameAnalyses: analyses,
    learnAttempts: attempts,
    opponentPreps: await parseRows(exportedOpponentPrep, lists.opponent_preps, 'opponent_preps'),
    woodpeckerSets: sets,
  };
}

/** Each source's text read in full, as adding it reads it (large ones on the worker pool). */
async function checkSources(
  repertoires: RepertoireCache,
  sources: ExportedRepertoireSource[],
): Promise<ExportedRepertoireSource[]> {
  const perColor = { white: 0, black: 0 };
  for (const [index, source] of sources.entries()) {
    const where = `repertoire_sources[${index}]`;
    if (++perColor[source.color] > MAX_SOURCES_PER_COLOR)
      throw badRow(
        where,
        source,
        `more than ${MAX_SOURCES_PER_COLOR} ${source.color} sources, the most a colour keeps`,
      );
    const symbols = parseExcludeSymbols(source.exclusions);
    if (symbols.isErr) throw badRow(where, source, 'exclusions: not a list of ?, ??, !?, ?!');
    try {
      await measureSource(repertoires, source.study_text, source.color, symbols.value);
    } catch (error) {
      if (error instanceof BadRequestError) throw badRow(where, source, `study_text: ${error.message}`);
      throw error;
    }
  }
  return sources;
}

async function checkEdits(edits: ExportedRepertoireEdit[]): Promise<LaterDocument['repertoireEdits']> {
  const ids = new Map<number, ExportedRepertoireEdit>();
  const counts = { white: 0, black: 0 };
  const plies = { white: 0, black: 0 };
  const checked: LaterDocument['repertoireEdits'] = [];
  for (const [index, edit] of edits.entries()) {
    if (index % LINES_PER_TURN === LINES_PER_TURN - 1) await nextTurn();
    const where = `repertoire_edits[${index}]`;
    if (ids.has(edit.id)) throw badRow(where, edit, 'id: two edits have this id');
    ids.set(edit.id, edit);
    const line = parseRepertoireLine(edit.line);
    if (line.isErr) throw badRow(where, edit, `line: ${line.error.message}`);
    const last = line.value.moves[line.value.moves.length - 1];
    if (edit.san !== last.san) throw badRow(where, edit, `san: ${edit.san} is not the line's last move`);
    const added = edit.op === 'add' ? pliesOf(line.value.movetext) : 0;
    if (++counts[edit.color] > MAX_EDITS_PER_COLOR)
      throw badRow(where, edit, `more than ${MAX_EDITS_PER_COLOR.toLocaleString('en-US')} ${edit.color} edits`);
    plies[edit.color] += added;
    if (plies[edit.color] > MAX_ADDED_PLIES_PER_COLOR)
      throw badRow(
        where,
        edit,
        `${edit.color} edits add more than ${MAX_ADDED_PLIES_PER_COLOR.toLocaleString('en-US')} moves`,
      );
    checked.push({ ...edit, line: line.value.movetext, plies: added });
  }
  // A group names its first edit, which comes before the others.
  for (const [index, edit] of checked.entries()) {
    if (edit.group_id === null) continue;
    const first = ids.get(edit.group_id);
    if (!first || first.color !== edit.color || first.id > edit.id)
      throw badRow(
        `repertoire_edits[${index}]`,
        edit,
        `group_id: ${edit.group_id} is not an earlier ${edit.color} edit of the file`,
      );
  }
  return checked;
}

/** The positions of each named review's game, read once, by the review's id in the document. */
class ReviewGames {
  private readonly byId = new Map<number, ExportedGameReview | null>();
  private readonly fens = new Map<number, string[] | string>();

  constructor(reviews: ExportedGameReview[]) {
    // An id two reviews share names neither.
    for (const review of reviews) this.byId.set(review.id, this.byId.has(review.id) ? null : review);
  }

  /** The review and its game's positions (fens[i] after i half-moves), or why the row cannot name it. */
  read(id: number): { review: ExportedGameReview; fens: string[] } | string {
    const review = this.byId.get(id);
    if (review === undefined) return `game_review_id: ${id} is not a game review of the file`;
    if (review === null) return `game_review_id: two game reviews of the file have the id ${id}`;
    let fens = this.fens.get(id);
    if (fens === undefined) {
      const parsed = parseGames(review.pgn);
      const game = parsed.isOk ? parsed.value[0] : undefined;
      fens = game
        ? [game.startFen, ...mainlineMoves(game).map((m) => m.fen)]
        : `the review's game cannot be read${parsed.isErr ? `: ${parsed.error.message}` : ''}`;
      this.fens.set(id, fens);
    }
    return typeof fens === 'string' ? fens : { review, fens };
  }
}

/** As storing an analysis checks it: each ply once, within the game, its best move legal there. */
async function checkAnalyses(analyses: ExportedGameAnalysis[], games: ReviewGames): Promise<void> {
  const analysed = new Set<number>();
  for (const [index, analysis] of analyses.entries()) {
    if (index % LINES_PER_TURN === LINES_PER_TURN - 1) await nextTurn();
    const fail = (message: string) => badRow(`game_analyses[${index}]`, { id: analysis.game_review_id }, message);
    const game = games.read(analysis.game_review_id);
    if (typeof game === 'string') throw fail(game);
    if (analysed.has(analysis.game_review_id)) throw fail('game_review_id: the review has two analyses');
    analysed.add(analysis.game_review_id);
    const seen = new Set<number>();
    for (const e of analysis.evals) {
      if (e.ply >= game.fens.length) throw fail(`evals: ply ${e.ply} is past the game's end`);
      if (seen.has(e.ply)) throw fail(`evals: ply ${e.ply} is evaluated twice`);
      seen.add(e.ply);
      if (e.best_uci && !sanOf(game.fens[e.ply], e.best_uci))
        throw fail(`evals: best_uci ${e.best_uci} is not a legal move at ply ${e.ply}`);
    }
  }
}

/** As keeping a try checks it: a move of the player's side in the game, legal there. */
async function checkLearnAttempts(attempts: ExportedLearnAttempt[], games: ReviewGames): Promise<void> {
  for (const [index, attempt] of attempts.entries()) {
    if (index % LINES_PER_TURN === LINES_PER_TURN - 1) await nextTurn();
    const fail = (message: string) => badRow(`learn_attempts[${index}]`, attempt, message);
    const game = games.read(attempt.game_review_id);
    if (typeof game === 'string') throw fail(game);
    if (attempt.ply >= game.fens.length) throw fail(`ply: ${attempt.ply} is past the game's end`);
    const fen = game.fens[attempt.ply - 1];
    const hero = game.review.hero_color === 'White' ? 'white' : 'black';
    if (sideToMove(fen) !== hero) throw fail(`ply: ${attempt.ply} is not a move of the player's`);
    if (!sanOf(fen, attempt.uci)) throw fail(`uci: ${attempt.uci} is not a legal move there`);
  }
}

/** A set's answers name its own positions and cycles, once each; its positions' answers are legal. */
function checkWoodpeckerSet(set: ExportedWoodpeckerSet, where: string): void {
  const fail = (message: string) => badRow(where, set, message);
  if (set.size !== set.positions.length)
    throw fail(`size: ${set.size} is not the set's ${set.positions.length} positions`);
  const positions = new Set<number>();
  const ordinals = new Set<number>();
  for (const [i, p] of set.positions.entries()) {
    if (positions.has(p.id)) throw fail(`positions[${i}].id: two positions have the id ${p.id}`);
    if (ordinals.has(p.ordinal)) throw fail(`positions[${i}].ordinal: two positions have the ordinal ${p.ordinal}`);
    positions.add(p.id);
    ordinals.add(p.ordinal);
    if (!sanOf(p.fen.trim(), p.answer_uci)) throw fail(`positions[${i}].answer_uci: not a legal move there`);
  }
  const cycles = new Set<number>();
  for (const [i, c] of set.cycles.entries()) {
    if (cycles.has(c.cycle)) throw fail(`cycles[${i}].cycle: cycle ${c.cycle} is there twice`);
    cycles.add(c.cycle);
  }
  const answered = new Set<string>();
  for (const [i, a] of set.attempts.entries()) {
    if (!positions.has(a.position_id))
      throw fail(`attempts[${i}].position_id: ${a.position_id} is not a position of the set`);
    if (!cycles.has(a.cycle)) throw fail(`attempts[${i}].cycle: ${a.cycle} is not a cycle of the set`);
    const key = `${a.cycle}|${a.position_id}`;
    if (answered.has(key)) throw fail(`attempts[${i}]: the position is answered twice in cycle ${a.cycle}`);
    answered.add(key);
  }
}
