/** The dashboard feature's public surface, for the routes that compose it (app/). */
export { DashboardHome } from './components/dashboard-home';
export { DashboardLayout } from './components/dashboard-layout';
export { NoRecentProjects } from './components/no-recent-projects';
