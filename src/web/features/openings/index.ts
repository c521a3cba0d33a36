// The openings feature: screens for the router and the game review screen's opening slot.
export { ManageOpeningsPage } from './components/manage-openings-page';
export { OpeningToolPage } from './components/opening-tool-page';
export { OpeningPanel, type OpeningPanelGame, type OpeningPanelProps } from './components/opening-panel';
export type { OpeningCardPosition } from './lib/card-from-comparison';
export type { AnswerPosition, CoverageActions } from './components/coverage-live';
