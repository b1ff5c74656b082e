/**
 * Projects and galleries on the local stack (issue 9): paged lists that lose or repeat nothing
 * while results keep arriving, project cards' counts and thumbnails from the list call itself,
 * PATCH, deleting a project without deleting its images, the dashboard's stats, and the refusals
 * (foreign ids 404, bad cursors and limits 400 in French).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import {
  type Image,
  type ImageStats,
  type Page,
  type Project,
  type ProjectPage,
  API_TEXTS,
  PROJECTS_TEXTS,
  VALIDATION_TEXTS,
} from '@vitrine/shared';
import { encodeJpeg, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { seedSucceededTransformations } from './gallery-fixtures';
import { startTestStack, type TestStack } from './helpers/stack';
import { api } from './helpers/users';
import { orgUser, settled, start, tableClient, upload, type OrgUser } from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let alice: OrgUser;
let bob: OrgUser;
/** A transformation of Alice's that went through the workflow: real thumbnails. */
let realTransformationId: string;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  [alice, bob] = await Promise.all([orgUser(stack, ddb, 5), orgUser(stack, ddb, 5)]);
  const photo = await encodeJpeg(renderHouseScene(houseScene(1200, 900)), 1200, 900);
  const started = await start(stack, alice.token, 'enhance', { uploadId: await upload(stack, alice.token, photo) });
  realTransformationId = started.body.transformationId!;
  expect((await settled(stack, alice.token, realTransformationId)).status).toBe('succeeded');
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

const createProject = async (token: string, body: Record<string, unknown>) => {
  const response = await api<Project>(stack, '/api/projects', { method: 'POST', token, body });
  expect(response.status).toBe(201);
  return response.body;
};
const saveTo = async (token: string, projectId: string | null, transformationId: string) => {
  const path = projectId ? `/api/images/project/${projectId}` : '/api/images/no-project';
  const response = await api<Image>(stack, path, { method: 'POST', token, body: { transformationId } });
  expect(response.status).toBe(201);
  return response.body;
};
const projectPage = (token: string, query = '') => api<ProjectPage>(stack, `/api/projects${query}`, { token });
const imagePage = (token: string, place: string, query = '') =>
  api<Page<Image>>(stack, `/api/images/${place}${query}`, { token });

/** Every page of a list, following nextCursor; `between` runs after each page (concurrent writes). */
async function allPages<T>(
  fetchPage: (cursor: string | null) => Promise<{ status: number; body: Page<T> }>,
  between: () => Promise<unknown> = async () => undefined,
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const [page]: [{ status: number; body: Page<T> }, unknown] = await Promise.all([fetchPage(cursor), between()]);
    expect(page.status).toBe(200);
    pages.push(page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

const cursorQuery = (limit: number, cursor: string | null) =>
  `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

describe('project list', () => {
  it('pages newest first with the total, and loses or repeats no project while others are created', async () => {
    const owner = await orgUser(stack, ddb, 0);
    const initial: Project[] = [];
    for (let index = 0; index < 12; index += 1)
      initial.push(await createProject(owner.token, { name: `Bien ${index}` }));
    let added = 0;
    const pages = await allPages(
      (cursor) => projectPage(owner.token, cursorQuery(5, cursor)),
      () => createProject(owner.token, { name: `Nouveau ${++added}` }),
    );
    const listed = pages.flat().map((project) => project.id);
    expect(new Set(listed).size).toBe(listed.length);
    // Created before the first page: all there, newest first; those created meanwhile sort before
    // the cursor, so they are never met again.
    expect(listed).toEqual(initial.map((project) => project.id).reverse());
    expect(pages.every((page) => page.length <= 5)).toBe(true);
    const first = await projectPage(owner.token, '?limit=1');
    expect(first.body).toMatchObject({ total: 12 + added, items: [{ name: `Nouveau ${added}` }] });
  });

  it("shows each project's image count and thumbnail (its newest image's result) from the list call", async () => {
    const [full, empty] = [
      await createProject(alice.token, { name: 'Villa des Pins' }),
      await createProject(alice.token, { name: 'Studio' }),
    ];
    const seeded = await seedSucceededTransformations(stack, ddb, alice, 3);
    for (const id of seeded) await saveTo(alice.token, full.id, id);
    const newest = await saveTo(alice.token, full.id, realTransformationId);

    const { body } = await projectPage(alice.token, '?limit=100');
    const card = body.items.find((project) => project.id === full.id)!;
    expect(card).toMatchObject({ imageCount: 4, thumbnailUrl: expect.stringContaining('result.webp') });
    expect(body.items.find((project) => project.id === empty.id)).toMatchObject({ imageCount: 0, thumbnailUrl: null });
    const thumbnail = await fetch(card.thumbnailUrl!);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await thumbnail.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    expect(bytes.length).toBeLessThan(80_000);
    // The project read says the same.
    expect((await api<Project>(stack, `/api/projects/${full.id}`, { token: alice.token })).body).toMatchObject({
      imageCount: 4,
    });

    // Deleting the thumbnail's image: the next newest takes its place; the count follows.
    expect((await api(stack, `/api/images/${newest.id}`, { method: 'DELETE', token: alice.token })).status).toBe(204);
    const after = (await api<Project>(stack, `/api/projects/${full.id}`, { token: alice.token })).body;
    expect(after.imageCount).toBe(3);
    expect(after.thumbnailUrl).toContain(`${seeded[2]}/result.webp`);
  });

  it('searches by name, case- and accent-insensitively', async () => {
    const owner = await orgUser(stack, ddb, 0);
    for (const name of ['École Jules Ferry', 'Villa Rose', 'Maison de l’ECOLE', 'Château']) {
      await createProject(owner.token, { name });
    }
    const found = await projectPage(owner.token, `?search=${encodeURIComponent('  ecOle ')}`);
    expect(found.body.items.map((project) => project.name)).toEqual(['Maison de l’ECOLE', 'École Jules Ferry']);
    expect(found.body.total).toBe(4);
    expect((await projectPage(owner.token, '?search=chateau')).body.items.map((p) => p.name)).toEqual(['Château']);
    expect((await projectPage(owner.token, '?search=inconnu')).body).toMatchObject({ items: [], nextCursor: null });
    expect(await projectPage(owner.token, `?search=${'x'.repeat(101)}`)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', message: PROJECTS_TEXTS.searchTooLong },
    });
  });
});

describe('image lists', () => {
  it('page newest first, and lose or repeat nothing while results keep being saved', async () => {
    const project = await createProject(alice.token, { name: 'Immeuble Gambetta' });
    const [initialIds, laterIds] = await Promise.all([
      seedSucceededTransformations(stack, ddb, alice, 23),
      seedSucceededTransformations(stack, ddb, alice, 6),
    ]);
    const saved: Image[] = [];
    for (const id of initialIds!) saved.push(await saveTo(alice.token, project.id, id));
    const waiting = [...laterIds!];
    const pages = await allPages(
      (cursor) => imagePage(alice.token, `project/${project.id}`, cursorQuery(5, cursor)),
      async () => {
        const next = waiting.shift();
        if (next) await saveTo(alice.token, project.id, next);
      },
    );
    const listed = pages.flat();
    expect(new Set(listed.map((image) => image.id)).size).toBe(listed.length);
    expect(listed.map((image) => image.id)).toEqual(saved.map((image) => image.id).reverse());
    for (const image of listed) {
      expect(image).toMatchObject({
        projectId: project.id,
        thumbnailUrl: expect.stringContaining('result.webp'),
        originalThumbnailUrl: expect.stringContaining('original.webp'),
        transformedSignedUrl: expect.stringContaining('.png'),
      });
    }
    // Every save counted once, those made while paging too.
    expect(waiting.length).toBeLessThan(laterIds!.length);
    const { body: counted } = await api<Project>(stack, `/api/projects/${project.id}`, { token: alice.token });
    expect(counted.imageCount).toBe(initialIds!.length + laterIds!.length - waiting.length);
  });

  it('answers 400 in French to a bad limit or a cursor from elsewhere, never 500', async () => {
    const [one, two] = [
      await createProject(alice.token, { name: 'Un' }),
      await createProject(alice.token, { name: 'Deux' }),
    ];
    for (const id of await seedSucceededTransformations(stack, ddb, alice, 3)) await saveTo(alice.token, one.id, id);
    const oneCursor = (await imagePage(alice.token, `project/${one.id}`, '?limit=1')).body.nextCursor!;
    const projectsCursor = (await projectPage(alice.token, '?limit=1')).body.nextCursor!;
    const invalidCursor = { status: 400, body: { code: 'VALIDATION', message: API_TEXTS.invalidCursor } };
    const invalidLimit = { status: 400, body: { code: 'VALIDATION', message: API_TEXTS.invalidLimit } };

    // Another project's place, the unclassified list, the project list, another organization.
    expect(await imagePage(alice.token, `project/${two.id}`, `?cursor=${oneCursor}`)).toMatchObject(invalidCursor);
    expect(await imagePage(alice.token, 'no-project', `?cursor=${oneCursor}`)).toMatchObject(invalidCursor);
    expect(await projectPage(alice.token, `?cursor=${oneCursor}`)).toMatchObject(invalidCursor);
    expect(await imagePage(alice.token, `project/${one.id}`, `?cursor=${projectsCursor}`)).toMatchObject(invalidCursor);
    expect(await projectPage(bob.token, `?cursor=${projectsCursor}`)).toMatchObject(invalidCursor);
    const forged = Buffer.from(JSON.stringify({ pk: `ORG#${alice.orgId}`, sk: 'PROJECT#x' })).toString('base64url');
    expect(await projectPage(bob.token, `?cursor=${forged}`)).toMatchObject(invalidCursor);
    for (const cursor of ['%%%', 'e30', 'bm9wZQ', 'x'.repeat(5000)]) {
      expect(await projectPage(alice.token, `?cursor=${cursor}`)).toMatchObject(invalidCursor);
      expect(await imagePage(alice.token, 'no-project', `?cursor=${cursor}`)).toMatchObject(invalidCursor);
    }
    for (const limit of ['0', '101', 'abc', '1.5', '-3', '']) {
      expect(await projectPage(alice.token, `?limit=${limit}`)).toMatchObject(invalidLimit);
      expect(await imagePage(alice.token, `project/${one.id}`, `?limit=${limit}`)).toMatchObject(invalidLimit);
    }
  });
});

describe('PATCH /api/projects/{id}', () => {
  it('changes the given fields with the create rules, and only in the caller organization', async () => {
    const project = await createProject(alice.token, { name: 'Villa', size: '90', type: 'house', address: '1 rue' });
    const patch = (token: string, body: unknown, id = project.id) =>
      api<Project>(stack, `/api/projects/${id}`, { method: 'PATCH', token, body });

    const renamed = await patch(alice.token, { name: '  Villa Cle\u0301mence ', description: 'Vue mer' });
    expect(renamed).toMatchObject({
      status: 200,
      body: { name: 'Villa Clémence', description: 'Vue mer', size: 90, type: 'house', address: '1 rue' },
    });
    expect(renamed.body.updatedAt > project.updatedAt).toBe(true);
    expect((await patch(alice.token, { size: '', type: null, address: '' })).body).toMatchObject({
      size: null,
      type: null,
      address: '',
      name: 'Villa Clémence',
    });
    const refusals = [
      [{ name: ' ' }, VALIDATION_TEXTS.projectNameRequired],
      [{ name: 'x'.repeat(101) }, VALIDATION_TEXTS.projectNameTooLong],
      [{ size: -3 }, VALIDATION_TEXTS.projectSizePositive],
      [{ size: 1e308 }, VALIDATION_TEXTS.projectSizeRange],
      [{ type: 'chateau' }, VALIDATION_TEXTS.projectTypeInvalid],
      [{ description: 'a\u0000' }, VALIDATION_TEXTS.textForbiddenCharacters],
    ] as const;
    for (const [body, message] of refusals) {
      expect(await patch(alice.token, body)).toMatchObject({ status: 400, body: { code: 'VALIDATION', message } });
    }
    expect(await patch(bob.token, { name: 'Volée' })).toMatchObject({
      status: 404,
      body: { message: PROJECTS_TEXTS.notFoundOrDenied },
    });
    expect((await api<Project>(stack, `/api/projects/${project.id}`, { token: alice.token })).body.name).toBe(
      'Villa Clémence',
    );
  });
});

describe('DELETE /api/projects/{id}', () => {
  it('deletes the project and leaves its images unclassified', async () => {
    const owner = await orgUser(stack, ddb, 0);
    const [kept, doomed] = [
      await createProject(owner.token, { name: 'Gardé' }),
      await createProject(owner.token, { name: 'Supprimé' }),
    ];
    const ids = await seedSucceededTransformations(stack, ddb, owner, 4);
    const inDoomed = [];
    for (const id of ids.slice(0, 3)) inDoomed.push(await saveTo(owner.token, doomed.id, id));
    await saveTo(owner.token, kept.id, ids[3]!);
    expect((await projectPage(owner.token)).body.total).toBe(2);

    expect((await api(stack, `/api/projects/${doomed.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await api(stack, `/api/projects/${doomed.id}`, { token: owner.token })).status).toBe(404);
    expect((await imagePage(owner.token, `project/${doomed.id}`)).status).toBe(404);
    const unclassified = (await imagePage(owner.token, 'no-project')).body.items;
    expect(unclassified.map((image) => image.transformationId).sort()).toEqual(ids.slice(0, 3).sort());
    for (const image of unclassified) expect(image.projectId).toBeNull();
    expect((await projectPage(owner.token)).body).toMatchObject({ total: 1, items: [{ id: kept.id, imageCount: 1 }] });
    // The moved images delete like any unclassified one.
    const moved = unclassified[0]!;
    expect((await api(stack, `/api/images/${moved.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await api(stack, `/api/projects/${doomed.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
  });
});

describe('GET /api/images/stats/total-transformed', () => {
  it("counts the organization's successful transformations and its last activity", async () => {
    const stats = await api<ImageStats>(stack, '/api/images/stats/total-transformed', { token: alice.token });
    // Only the one that went through the workflow: the seeded ones never passed Complete.
    expect(stats).toMatchObject({ status: 200, body: { total: 1, lastActivityAt: expect.any(String) } });
    const project = await createProject(alice.token, { name: 'Activité' });
    const after = await api<ImageStats>(stack, '/api/images/stats/total-transformed', { token: alice.token });
    expect(after.body.lastActivityAt! >= project.createdAt).toBe(true);
    const fresh = await orgUser(stack, ddb, 0);
    expect((await api(stack, '/api/images/stats/total-transformed', { token: fresh.token })).body).toEqual({
      total: 0,
      lastActivityAt: null,
    });
  });
});

describe('foreign ids', () => {
  it('answer 404 on every project and image route, and change nothing', async () => {
    const project = await createProject(alice.token, { name: 'Privé' });
    const [id] = await seedSucceededTransformations(stack, ddb, alice, 1);
    const image = await saveTo(alice.token, project.id, id!);
    const [bobsId] = await seedSucceededTransformations(stack, ddb, bob, 1);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/projects/${project.id}`],
      ['PATCH', `/api/projects/${project.id}`, { name: 'Volé' }],
      ['DELETE', `/api/projects/${project.id}`],
      ['GET', `/api/images/project/${project.id}`],
      ['POST', `/api/images/project/${project.id}`, { transformationId: bobsId }],
      ['DELETE', `/api/images/${image.id}`],
      ['DELETE', `/api/images/project/${project.id}/${image.id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await api(stack, path, { method, token: bob.token, body });
      expect([method, path, response.status]).toEqual([method, path, 404]);
      // Unknown ids too.
      const unknown = path.replace(project.id, 'inconnu').replace(image.id, 'inconnue');
      expect(
        (await api(stack, unknown, { method, token: alice.token, body: body && { transformationId: id } })).status,
      ).toBe(404);
    }
    const still = (await api<Project>(stack, `/api/projects/${project.id}`, { token: alice.token })).body;
    expect(still).toMatchObject({ name: 'Privé', imageCount: 1 });
    expect((await imagePage(alice.token, `project/${project.id}`)).body.items.map((listed) => listed.id)).toEqual([
      image.id,
    ]);
  });
});
