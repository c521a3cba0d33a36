// Play on from the end of a line against the explorer, then Stockfish at the player's strength.
export { PlayOn, type PlayOnProps } from './components/play-on';
export type { PlayOnStart } from './lib/use-play-on';
