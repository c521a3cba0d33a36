// Opponent preparation: the Prepare screen.
export { PrepareScreen } from './components/prepare-screen';
