// Build a repertoire: a starter repertoire from the Lichess explorer, for the router.
export { StarterScreen } from './components/starter-screen';
export { StarterPreviewBanner } from './components/starter-preview-banner';
