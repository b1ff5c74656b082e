/** GET /api/projects: the organization's projects. */
import type { Project } from '@vitrine/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export const getProjectsKey = () => '/projects';

export const getProjects = () => api<Project[]>(getProjectsKey());

export function useProjects() {
  return useSWR<Project[], Error>(getProjectsKey(), getProjects);
}
