/**
 * The SWR keys and list names that more than one feature touches: a project saved, edited or
 * deleted in one feature changes what another one shows. Each feature's API module still owns its
 * calls; these are only the names they agree on.
 */

/** GET /api/projects/{id}. */
export const projectKey = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

/** GET /api/images/stats/total-transformed (dashboard cards). */
export const imageStatsKey = () => '/images/stats/total-transformed';

/** Names of the paged lists, for `invalidateLists` (lib/paged-list.ts). */
export const LISTS = {
  /** Every GET /api/projects list (each search, each page size). */
  projects: 'projects',
  /** GET /api/images/no-project. */
  unclassifiedImages: 'images:none',
  /** GET /api/images/project/{projectId}. */
  projectImages: (projectId: string) => `images:project:${projectId}`,
  /** GET /api/transformations?view=unsaved ('Non sauvegardées', decision 090). */
  unsavedTransformations: 'transformations:unsaved',
} as const;
