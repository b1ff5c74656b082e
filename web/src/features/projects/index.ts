/** The projects feature's public surface, for the routes that compose it (app/). */
export { useProjectList } from './api/get-projects';
export { useProject } from './api/get-project';
export { CreateProjectDialog } from './components/create-project-dialog';
export { ProjectCardsSection } from './components/project-cards-section';
export { ProjectListPage } from './components/project-list-page';
export { ProjectPage } from './components/project-page';
export { RecentProjects, RECENT_PROJECTS } from './components/recent-projects';
export { useProjectOrLeave } from './hooks/use-project-or-leave';
