import type { FastifyInstance } from 'fastify';
import {
  repertoireApi,
  type Edit,
  type EditAnswer,
  type EditsAnswer,
  type PositionAnswer,
} from '@contract/repertoire.js';
import {
  isAddedMove,
  moveAnnotation,
  moveLabel,
  ownNote,
  parseRepertoireLine,
  positionKey,
  validateFen,
  type Color,
  type Repertoire,
  type RepertoireMove,
} from '../../chess/index.js';
import { openingOfFen } from '../openings/opening-names.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { appendEdit, dropLastEdit, noStudyMessage, readEdits } from '../repertoire/edits-store.js';
import { editedRepertoireState, positionsWithMoves, type EditedState } from '../repertoire/edited-repertoire.js';
import { DrillFollower } from '../repertoire/drill-follower.js';
import { starterTree } from '../repertoire/starter-tree.js';
import { route } from './route.js';

/**
 * The repertoire workshop's edits: add a line or remove a move (stored at once, beside the study),
 * the list of edits, undo, and the edited repertoire (or a starter build before it is kept) at one
 * position. Each change syncs the colour's drill deck right after the answer.
 */

const answerOf = (app: FastifyInstance, state: EditedState): EditAnswer => ({
  edits: state.edits.length,
  positions: positionsWithMoves(app, state.edited.rep),
});

export async function repertoireEditRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };
  const drill = new DrillFollower(app);
  app.addHook('onClose', () => drill.settle());

  const stateOrThrow = async (userId: number, color: 'white' | 'black') => {
    const state = await editedRepertoireState(app, userId, color);
    if (!state) throw new BadRequestError(noStudyMessage(color));
    return state;
  };

  route(app, repertoireApi.edit, auth, async (request) => {
    const { color, op } = request.body;
    const userId = request.user!.id;
    const parsed = parseRepertoireLine(request.body.line);
    if (parsed.isErr) throw new BadRequestError(parsed.error.message);
    const line = parsed.value;
    const state = await stateOrThrow(userId, color);
    const rep = state.edited.rep;
    const last = line.moves[line.moves.length - 1];
    const has = (from: string, uci: string) => rep.positions.get(from)?.moves.some((m) => m.uci === uci) ?? false;
    if ((op === 'remove' || op === 'comment') && !has(last.fromKey, last.uci)) {
      const ply = line.moves.length - 1;
      const label = moveLabel(Math.floor(ply / 2) + 1, ply % 2 === 0 ? 'white' : 'black', last.san);
      throw new BadRequestError(`The line's last move, ${label}, is not in your ${color} repertoire`);
    }
    // A line the repertoire already plays in full changes nothing: not kept as an edit.
    if (op === 'add' && line.moves.every((m) => has(m.fromKey, m.uci))) return { api_data: answerOf(app, state) };
    const comment = op === 'comment' ? (request.body.comment ?? '').trim() : undefined;
    // The same note again changes nothing.
    if (op === 'comment' && comment === ownNote(rep, last.fromKey, last.uci)) return { api_data: answerOf(app, state) };
    await appendEdit(app, userId, color, {
      op,
      line: line.movetext,
      san: last.san,
      anchored: state.base.positions.has(last.fromKey),
      comment,
    });
    const after = await stateOrThrow(userId, color);
    drill.follow(userId, color);
    return { api_data: answerOf(app, after) };
  });

  route(app, repertoireApi.edits, auth, async (request) => {
    const { color } = request.query;
    const userId = request.user!.id;
    const state = await editedRepertoireState(app, userId, color);
    if (!state) return { api_data: [] satisfies EditsAnswer };
    // Read again for what changes without changing the repertoire (pushed); effects by id.
    const effects = new Map(state.edits.map((edit, i) => [edit.id, state.edited.effects[i]]));
    const list: Edit[] = (await readEdits(app.db, userId, color)).map((edit) => {
      const effect = effects.get(edit.id);
      return {
        op: edit.op,
        line: edit.line,
        san: edit.san,
        ...(edit.op === 'comment' ? { comment: edit.comment ?? '' } : {}),
        created_at: edit.createdAt.toISOString(),
        pushed: edit.pushed,
        stale:
          effect !== undefined && ((edit.op !== 'add' && !effect.applied) || (edit.anchored && !effect.anchorInBase)),
      };
    });
    return { api_data: list };
  });

  route(app, repertoireApi.undo, auth, async (request) => {
    const { color } = request.body;
    const userId = request.user!.id;
    const dropped = await dropLastEdit(app, userId, color);
    const state = await stateOrThrow(userId, color);
    if (dropped) drill.follow(userId, color);
    return { api_data: answerOf(app, state) };
  });

  route(app, repertoireApi.position, auth, async (request, reply) => {
    const { color, fen, line, starter } = request.query;
    const full = fen.split(/\s+/).length === 4 ? `${fen} 0 1` : fen;
    const valid = validateFen(full);
    if (valid.isErr) throw new BadRequestError(`fen: ${valid.error.message}`);
    const userId = request.user!.id;
    if (starter !== undefined) {
      // A build before it is kept: its own tree, no study needed; another player's build is missing.
      const tree = await starterTree(app, userId, color, starter);
      if (!tree) return reply.code(404).send({ error: `You have no ${color} starter build with that id` });
      return { api_data: positionAnswer(app, tree.rep, full, color, line, () => false) };
    }
    const state = await stateOrThrow(userId, color);
    return {
      api_data: positionAnswer(app, state.edited.rep, full, color, line, (m) => isAddedMove(state.edited, m)),
    };
  });
}

/** The repertoire's moves at one position (a full FEN), each with what is said about it. */
function positionAnswer(
  app: FastifyInstance,
  rep: Repertoire | undefined,
  full: string,
  color: Color,
  line: string | undefined,
  added: (move: RepertoireMove) => boolean,
): PositionAnswer {
  const position = rep?.positions.get(positionKey(full));
  return {
    fen: position?.fen ?? full,
    in_repertoire: position !== undefined,
    player_to_move: (full.split(/\s+/)[1] === 'b' ? 'black' : 'white') === color,
    moves:
      rep && position
        ? position.moves.map((m) => ({
            san: m.san,
            uci: m.uci,
            fen: rep.positions.get(m.to)?.fen ?? m.to,
            added: added(m),
            ...moveAnnotation(rep, position.key, m.uci),
            own_note: ownNote(rep, position.key, m.uci),
          }))
        : [],
    opening: openingOfFen(app, full, line),
  };
}
