import { createContext, useContext, type ComponentType } from 'react';
import type { Project } from '@vitrine/shared';

/**
 * What the wizard needs of projects. The route that shows the wizard supplies it
 * (app/routes/dashboard-upload.tsx composes the projects feature in): a feature never imports
 * another one.
 */
export interface WizardProjects {
  /** The organization's projects; undefined while loading. */
  projects: Project[] | undefined;
  loading: boolean;
  loadFailed: boolean;
  /** The dialog that creates a project and reports it. */
  CreateProjectDialog: ComponentType<{ open: boolean; onClose: () => void; onCreated: (project: Project) => void }>;
  /** An image was saved into this project: lists that count its images are stale. */
  imageSavedToProject: (projectId: string) => void;
}

const WizardProjectsContext = createContext<WizardProjects | null>(null);

export const WizardProjectsProvider = WizardProjectsContext.Provider;

export function useWizardProjects(): WizardProjects {
  const projects = useContext(WizardProjectsContext);
  if (!projects) throw new Error('The upload wizard needs a WizardProjectsProvider (see app/routes).');
  return projects;
}
