// Games vs repertoire: where the player's games leave their studies, ranked, with practice one click away.
export { RepertoireReportScreen, type RepertoireReportScreenProps } from './components/repertoire-report-screen';
export { playedLabel, lineWithMove } from './report-text';
