// The repertoire drill: the Drill screen and the "Add to drill" button other screens show.
export { AddToDrillButton } from './components/add-to-drill-button';
export { focusDrill, useFocusDrill } from './api/focus-drill';
export { DrillScreen } from './components/drill-screen';
