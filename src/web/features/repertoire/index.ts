// The repertoire workshop: the edited repertoire on a board, with the explorer, edits, undo, and
// writing the additions back to the Lichess study.
export { RepertoireScreen } from './components/repertoire-screen';
export type { EngineCheckPosition } from './components/workshop';
