import { createContext, useContext, type ComponentType } from 'react';
import type { Project } from '@vitrine/shared';

/**
 * What the wizard needs of projects. The route that shows the wizard supplies it
 * (app/routes/dashboard-upload.tsx composes the projects feature in): a feature never imports
 * another one.
 */
export interface WizardProjects {
  /** The organization's most recent projects, for the pickers (one page); undefined while loading. */
  projects: Project[] | undefined;
  loading: boolean;
  loadFailed: boolean;
  /**
   * The project of `?project=`, read by its id (it may be older than the listed ones): undefined
   * while loading or without the parameter, null when it is missing or another organization's.
   */
  requestedProject: Project | null | undefined;
  /** Reading the project of `?project=` failed for another reason than its absence (network, server). */
  requestedProjectFailed: boolean;
  /** The dialog that creates a project and reports it. */
  CreateProjectDialog: ComponentType<{ open: boolean; onClose: () => void; onCreated: (project: Project) => void }>;
}

const WizardProjectsContext = createContext<WizardProjects | null>(null);

export const WizardProjectsProvider = WizardProjectsContext.Provider;

export function useWizardProjects(): WizardProjects {
  const projects = useContext(WizardProjectsContext);
  if (!projects) throw new Error('The upload wizard needs a WizardProjectsProvider (see app/routes).');
  return projects;
}
