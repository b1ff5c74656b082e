/**
 * Projects of the caller's organization: the paged list (with each card's image count and
 * thumbnail, and the organization's project count), create, read, partial update, and deletion,
 * which moves the project's images to the unclassified ones (projects/delete-project.ts).
 */
import { projectCreateSchema, projectUpdateSchema, PROJECTS_TEXTS } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { presignGetUrl } from '../lib/aws/presign-get';
import { NotFound } from '../lib/errors';
import { createHttpHandler, json, noContent, parseBody, type HttpEvent } from '../lib/http';
import { deleteProject } from '../projects/delete-project';
import { projectPage } from '../projects/project-page';
import { createProject, getProjectRecord, toProject, updateProject } from '../projects/project-store';
import { organizationCaller, requireMayChange, type OrganizationCaller } from '../scope/organization-caller';

const table = tableDeps;
const projectId = (event: HttpEvent) => event.pathParameters?.id ?? '';
const notFound = () => new NotFound(PROJECTS_TEXTS.notFoundOrDenied);

/** DELETE stops moving images after this long (API Gateway answers at 30 s); a retry resumes. */
const DELETE_BUDGET_MS = 20_000;

/** 404 for a project not in the organization, 403 for a colleague's when the caller is a plain member. */
async function requireProjectChange(caller: OrganizationCaller, id: string) {
  const project = await getProjectRecord(table(), caller.orgId, id);
  if (!project) throw notFound();
  requireMayChange(caller, project.userId);
}

export const handler = createHttpHandler({
  'GET /api/projects': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    return json(200, await projectPage(orgId, event));
  },

  'POST /api/projects': async ({ event, body }) => {
    const owner = await organizationCaller(event);
    const input = parseBody(projectCreateSchema, body);
    return json(201, await toProject(await createProject(table(), owner, input), presignGetUrl));
  },

  'GET /api/projects/{id}': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    const record = await getProjectRecord(table(), orgId, projectId(event));
    if (!record) throw notFound();
    return json(200, await toProject(record, presignGetUrl));
  },

  'PATCH /api/projects/{id}': async ({ event, body }) => {
    const caller = await organizationCaller(event);
    const input = parseBody(projectUpdateSchema, body);
    await requireProjectChange(caller, projectId(event));
    const record = await updateProject(table(), caller.orgId, projectId(event), input);
    if (!record) throw notFound();
    return json(200, await toProject(record, presignGetUrl));
  },

  'DELETE /api/projects/{id}': async ({ event }) => {
    const caller = await organizationCaller(event);
    await requireProjectChange(caller, projectId(event));
    const deleted = await deleteProject(table(), caller.orgId, projectId(event), {
      deadline: Date.now() + DELETE_BUDGET_MS,
    });
    if (!deleted) throw notFound();
    return noContent();
  },
});
