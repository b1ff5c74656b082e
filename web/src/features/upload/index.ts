/** The upload feature's public surface, for the routes that compose it (app/). */
export { UploadPage } from './upload-page';
export { WizardProjectsProvider, type WizardProjects } from './wizard-projects';
