// Woodpecker sets: the player's own positions solved in cycles of halving target times.
export { WoodpeckerScreen } from './components/woodpecker-screen';
