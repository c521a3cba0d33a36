// The repertoire check: the player's own repertoire moves the engine finds dubious.
export { RepertoireCheck, type RepertoireCheckProps } from './components/repertoire-check';
