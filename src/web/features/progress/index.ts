// Progress: the 30-day forecast, weekly retention, leeches, and the schedule fitted to the player.
export { ProgressScreen } from './components/progress-screen';
