/** The public API's settings (issue 25): the Paramètres tab 'API' and the API reference page, for the routes that compose them (app/). */
export { ApiReferencePage } from './components/api-reference-page';
export { ApiTab } from './components/api-tab';
