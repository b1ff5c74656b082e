/** GET/POST /api/projects and GET /api/projects/{id}, scoped to the caller's organization. */
import { PROCESSING_TEXTS, projectCreateSchema } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { NotFound } from '../lib/errors';
import { createHttpHandler, json, parseBody } from '../lib/http';
import { createProject, getProject, listProjects } from '../projects/project-store';
import { organizationCaller } from '../scope/organization-caller';

const table = tableDeps;

export const handler = createHttpHandler({
  'GET /api/projects': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    return json(200, await listProjects(table(), orgId));
  },

  'POST /api/projects': async ({ event, body }) => {
    const owner = await organizationCaller(event);
    const input = parseBody(projectCreateSchema, body);
    return json(201, await createProject(table(), owner, input));
  },

  'GET /api/projects/{id}': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    const project = await getProject(table(), orgId, event.pathParameters?.id ?? '');
    if (!project) throw new NotFound(PROCESSING_TEXTS.projectNotFound);
    return json(200, project);
  },
});
