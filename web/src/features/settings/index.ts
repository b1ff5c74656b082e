/** The settings feature's public surface, for the routes that compose it (app/). */
export { SettingsPage } from './components/settings-page';
