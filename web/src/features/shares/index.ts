/** The shares feature's public surface (issue 24), for the routes that compose it (app/). */
export { PublicSharePage } from './components/public-share-page';
export { ShareButton, type ShareButtonProps } from './components/share-button';
export { SharesPage } from './components/shares-page';
export { shareSelection } from './components/share-selection';
