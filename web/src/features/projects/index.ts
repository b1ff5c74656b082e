/** The projects feature's public surface, for the routes that compose it (app/). */
export { getProjectsKey, useProjects } from './api/get-projects';
export { CreateProjectDialog } from './components/create-project-dialog';
