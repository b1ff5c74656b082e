/** Projects on dynalite: time-ordered ids listed newest first, search, paging, counters, updates. */
import { API_TEXTS } from '@vitrine/shared';
import { timeOrderedId } from '../lib/ids';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { getOrganizationStats } from '../stats/organization-stats';
import { searchKey } from './name-search';
import { createProject, getProjectRecord, listProjectPage, toProject, updateProject } from './project-store';

let table: LocalTable;
beforeAll(async () => {
  table = await startLocalTable();
});
afterAll(() => table.close());

let orgCounter = 0;
const newOrg = () => ({ orgId: `org-p${++orgCounter}`, userId: 'u-1' });

async function createMany(owner: { orgId: string; userId: string }, names: string[]) {
  const created = [];
  for (const [index, name] of names.entries()) {
    created.push(await createProject(table, owner, { name }, new Date(Date.UTC(2026, 0, 1, 0, 0, index))));
  }
  return created;
}

describe('project ids', () => {
  it('sort by creation time and stay valid resource ids', () => {
    const ids = [0, 1, 1000, 2 ** 40].map((at) => timeOrderedId(Date.UTC(2026, 0, 1) + at));
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Z]{26}$/);
    expect(new Set(Array.from({ length: 1000 }, () => timeOrderedId(0))).size).toBe(1000);
  });
});

describe('searchKey', () => {
  it('ignores case, accents, ligatures and extra spaces', () => {
    expect(searchKey('  L’ÉCOLE  du Cœur ')).toBe('l’ecole du coeur');
    expect(searchKey('Château')).toBe(searchKey('chateau'));
  });
});

describe('project store', () => {
  it('counts created projects and lists them newest first, a page at a time', async () => {
    const owner = newOrg();
    const created = await createMany(owner, ['A', 'B', 'C', 'D', 'E']);
    expect(await getOrganizationStats(table, owner.orgId)).toMatchObject({
      projectCount: 5,
      lastActivityAt: expect.any(String),
    });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listProjectPage(table, owner.orgId, { limit: 2, cursor });
      expect(page.records.length).toBeLessThanOrEqual(2);
      seen.push(...page.records.map((record) => record.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(created[0]).toMatchObject({ imageCount: 0, nameSearch: 'a', size: null, type: null, description: '' });
  });

  it('searches names case- and accent-insensitively, filling pages across reads', async () => {
    const owner = newOrg();
    const names = Array.from({ length: 30 }, (_, index) => (index % 3 === 0 ? `École ${index}` : `Villa ${index}`));
    await createMany(owner, names);
    const found: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listProjectPage(table, owner.orgId, { limit: 4, cursor, search: 'ECOLE' });
      found.push(...page.records.map((record) => record.name));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    const expected = names.filter((name) => name.startsWith('École')).reverse();
    expect(found).toEqual(expected);
    expect(pages).toBe(3);
    expect((await listProjectPage(table, owner.orgId, { limit: 10, search: 'château' })).records).toEqual([]);
  });

  it("accepts only a cursor of this organization's projects", async () => {
    const [mine, theirs] = [newOrg(), newOrg()];
    await createMany(mine, ['A', 'B']);
    await createMany(theirs, ['X', 'Y']);
    const { nextCursor } = await listProjectPage(table, theirs.orgId, { limit: 1 });
    await expect(listProjectPage(table, mine.orgId, { limit: 1, cursor: nextCursor! })).rejects.toMatchObject({
      statusCode: 400,
      message: API_TEXTS.invalidCursor,
    });
  });

  it('updates only the fields given, keeps the search key in step, and misses foreign projects', async () => {
    const owner = newOrg();
    const [project] = await createMany(owner, ['Villa']);
    const input = { description: 'Vue mer', size: 80, type: 'house' };
    const later = new Date(Date.UTC(2026, 5, 1));
    expect(await updateProject(table, owner.orgId, project!.id, input, later)).toMatchObject({
      name: 'Villa',
      ...input,
      updatedAt: later.toISOString(),
      createdAt: project!.createdAt,
    });
    const renamed = await updateProject(table, owner.orgId, project!.id, { name: 'Éden', size: null, type: null });
    expect(renamed).toMatchObject({ name: 'Éden', nameSearch: 'eden', size: null, type: null, description: 'Vue mer' });
    expect(await updateProject(table, 'org-foreign', project!.id, { name: 'Volée' })).toBeUndefined();
    expect(await getProjectRecord(table, 'org-foreign', project!.id)).toBeUndefined();
    expect(await updateProject(table, owner.orgId, project!.id, {})).toMatchObject({ name: 'Éden' });
  });

  it('answers the API shape, with a signed thumbnail when the project has one', async () => {
    const owner = newOrg();
    const [record] = await createMany(owner, ['Villa']);
    const sign = async (bucket: string, key: string) => `https://signed/${bucket}/${key}`;
    const project = await toProject(record!, sign);
    expect(project).toMatchObject({ id: record!.id, imageCount: 0, thumbnailUrl: null });
    expect(Object.keys(project).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'address',
        'size',
        'type',
        'createdAt',
        'updatedAt',
        'userId',
        'organizationId',
        'imageCount',
        'thumbnailUrl',
      ].sort(),
    );
    const withThumbnail = {
      ...record!,
      imageCount: 3,
      thumbnail: { imageId: 'i', sortKey: 's', bucket: 'b', key: 'k.webp' },
    };
    expect(await toProject(withThumbnail, sign)).toMatchObject({
      imageCount: 3,
      thumbnailUrl: 'https://signed/b/k.webp',
    });
  });
});
