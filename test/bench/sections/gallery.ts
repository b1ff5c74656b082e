/**
 * Galleries at an agency's volume (issue 9), on the in-process local stack: an organization with
 * 2,000 saved images and 200 projects written straight into the table and the buckets, with real
 * objects (full-size PNG results and JPEG originals, and the workflow's WebP thumbnails, made
 * from the real photos of test/fixtures/photos). Measured:
 *   - a gallery page of 40 images (GET /api/images/no-project?limit=40): bytes of the JSON plus the
 *     40 thumbnails it shows (target at most 3 MB), beside what the 40 full-size results weigh;
 *   - time to first tile: the list answer, then its first thumbnail, p50 and p99;
 *   - GET /api/projects (first page of 40, with counts, thumbnails and the total) p50/p99, beside
 *     the bare DynamoDB Query of the same page in the same run.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { PAGE_LIMITS, type Image, type Page, type ProjectPage } from '@vitrine/shared';
import { PHOTOS_DIR } from '../../../functions/src/engines/local/photo-evaluation';
import { imageIdFor, thumbnailOf } from '../../../functions/src/images/image-store';
import { timeOrderedId } from '../../../functions/src/lib/ids';
import { gsi1Keys, keys, SK_PREFIX } from '../../../functions/src/lib/keys';
import type { ImageRecord, OrganizationStatsRecord, ProjectRecord } from '../../../functions/src/lib/records';
import { searchKey } from '../../../functions/src/projects/name-search';
import { makeThumbnail, thumbnailKeyOf } from '../../../functions/src/workflow/thumbnail';
import { S3RVER_CREDENTIALS } from '../../../infra/local/s3';
import { startTestStack, type TestStack } from '../../integration/helpers/stack';
import { orgUser, tableClient, type OrgUser } from '../../integration/transformations-fixtures';
import type { BenchSection } from '../run';
import { measureConcurrent, percentile, type Reporter } from '../report';

const PAGE: number = PAGE_LIMITS.default;
const SIZES = {
  full: {
    images: 2000,
    projects: 200,
    /** Images in projects (8 each); the rest are unclassified, the gallery measured. */
    perProject: 8,
    /** Distinct pictures (real photos); images reuse them in turn, each under its own keys. */
    pictures: PAGE,
    /** Distinct full-size originals and results stored (a result PNG is about 7 MB). */
    fullSizeObjects: 8,
    firstTileRuns: 30,
    listRequests: 400,
    listWarmup: 40,
  },
  /** Still a full page of unclassified images and of projects. */
  quick: {
    images: PAGE * 3,
    projects: PAGE,
    perProject: 2,
    pictures: 4,
    fullSizeObjects: 2,
    firstTileRuns: 2,
    listRequests: 8,
    listWarmup: 2,
  },
};
type Sizes = (typeof SIZES)['full'];
const FULL_SIZE_LONG_SIDE = 2400;
const TARGETS = { pageBytes: 3 * 1024 * 1024 };
const CONCURRENCY = 4;
/** Browsers open 6 connections per host over HTTP/1.1. */
const TILE_CONNECTIONS = 6;

interface Picture {
  originalThumbnail: Buffer;
  resultThumbnail: Buffer;
}

interface FullSize {
  original: Buffer;
  result: Buffer;
}

/**
 * Real photos taken as originals of FULL_SIZE_LONG_SIDE px on their long side: the workflow's
 * thumbnails of each and of a graded result (makeThumbnail, at the full size's proportions), and
 * full-size JPEG originals and PNG results for the first `fullSizeObjects` photos only (shared in
 * turn by the images: stored for real, but no gallery page downloads them).
 */
async function pictures(sizes: Sizes): Promise<{ pictures: Picture[]; fullSize: FullSize[] }> {
  const files: string[] = [];
  for (const folder of ['sky', 'no-sky', 'hdr']) {
    for (const name of await readdir(join(PHOTOS_DIR, folder))) {
      if (name.endsWith('.jpg')) files.push(join(PHOTOS_DIR, folder, name));
    }
  }
  const made: Picture[] = [];
  const fullSize: FullSize[] = [];
  for (const file of files.slice(0, sizes.pictures)) {
    const source = await readFile(file);
    const { width = 1, height = 1 } = await sharp(source).metadata();
    const scale = FULL_SIZE_LONG_SIDE / Math.max(width, height);
    const [fullWidth, fullHeight] = [Math.round(width * scale), Math.round(height * scale)];
    const graded = await sharp(source)
      .modulate({ brightness: 1.06, saturation: 1.12 })
      .jpeg({ quality: 95 })
      .toBuffer();
    made.push({
      originalThumbnail: await makeThumbnail(source, fullWidth, fullHeight),
      resultThumbnail: await makeThumbnail(graded, fullWidth, fullHeight),
    });
    if (fullSize.length < sizes.fullSizeObjects) {
      const photo = sharp(graded).resize(fullWidth, fullHeight);
      fullSize.push({
        original: await sharp(source).resize(fullWidth, fullHeight).jpeg({ quality: 88 }).toBuffer(),
        result: await photo.png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer(),
      });
    }
  }
  return { pictures: made, fullSize };
}

async function inParallel<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function writeItems(ddb: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[]) {
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  await inParallel(batches, 4, (batch) =>
    ddb.send(new BatchWriteCommand({ RequestItems: { [tableName]: batch.map((Item) => ({ PutRequest: { Item } })) } })),
  );
}

/** The organization's projects and images (200 and 2,000), as saves would have left them. */
async function seed(stack: TestStack, ddb: DynamoDBDocumentClient, owner: OrgUser, report: Reporter, sizes: Sizes) {
  const { images: IMAGES, projects: PROJECTS, perProject: PER_PROJECT } = sizes;
  const started = performance.now();
  const phases: string[] = [];
  const phase = (name: string) => phases.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { pictures: made, fullSize } = await pictures(sizes);
  phase('pictures');
  const s3 = new S3Client({
    endpoint: stack.services.s3,
    region: stack.config.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  const uploads = stack.env.UPLOADS_BUCKET!;
  const results = stack.env.RESULTS_BUCKET!;
  const tableName = stack.env.TABLE_NAME!;
  const put = (Bucket: string, Key: string, Body: Buffer, ContentType: string) =>
    s3.send(new PutObjectCommand({ Bucket, Key, Body, ContentType }));
  // Full-size objects once each (shared by the images showing them); thumbnails per image.
  const originalKey = (picture: number) => `normalised/${owner.orgId}/picture-${picture}.jpg`;
  const resultKey = (result: number) => `results/${owner.orgId}/picture-${result}.png`;
  await inParallel([...fullSize.keys()], 4, async (index) => {
    await put(uploads, originalKey(index), fullSize[index]!.original, 'image/jpeg');
    await put(results, resultKey(index), fullSize[index]!.result, 'image/png');
  });
  phase('full-size objects');

  const epoch = Date.UTC(2026, 0, 1);
  const projects: ProjectRecord[] = Array.from({ length: PROJECTS }, (_, index) => {
    const createdAt = new Date(epoch + index * 3_600_000);
    const id = timeOrderedId(createdAt.getTime());
    const name = `Bien ${index + 1} - rue de la République`;
    return {
      ...keys.project(owner.orgId, id),
      id,
      name,
      nameSearch: searchKey(name),
      description: 'Appartement lumineux, vue dégagée',
      address: `${index + 1} rue de la République, Lyon`,
      size: 40 + (index % 80),
      type: 'apartment',
      imageCount: 0,
      createdAt: createdAt.toISOString(),
      updatedAt: createdAt.toISOString(),
      userId: owner.sub,
      organizationId: owner.orgId,
    };
  });
  const images: ImageRecord[] = Array.from({ length: IMAGES }, (_, index) => {
    const project = index < PROJECTS * PER_PROJECT ? projects[index % PROJECTS]! : undefined;
    const projectId = project?.id ?? null;
    const transformationId = `bench-${index}`;
    const id = imageIdFor(transformationId, projectId);
    const createdAt = new Date(epoch + 1_000_000_000 + index * 60_000).toISOString();
    const ref = { orgId: owner.orgId, transformationId };
    return {
      ...keys.image(owner.orgId, id),
      ...gsi1Keys.image(owner.orgId, projectId, createdAt, id),
      id,
      name: `photo-${index}.jpg`,
      status: 'staged',
      projectId,
      originalBucket: uploads,
      originalFilePath: originalKey(index % fullSize.length),
      resultBucket: results,
      transformedFilePath: resultKey(index % fullSize.length),
      thumbnailFilePath: thumbnailKeyOf(ref, 'result'),
      originalThumbnailFilePath: thumbnailKeyOf(ref, 'original'),
      type: 'enhance',
      transformationId,
      simulated: false,
      userId: owner.sub,
      organizationId: owner.orgId,
      createdAt,
      updatedAt: createdAt,
    };
  });
  for (const image of images) {
    if (!image.projectId) continue;
    const project = projects.find((candidate) => candidate.id === image.projectId)!;
    project.imageCount = (project.imageCount ?? 0) + 1;
    project.thumbnail = thumbnailOf(image);
  }
  const stats: OrganizationStatsRecord = {
    ...keys.organizationStats(owner.orgId),
    projectCount: PROJECTS,
    transformationsSucceeded: IMAGES,
    lastActivityAt: images.at(-1)!.createdAt,
  };
  await writeItems(ddb, tableName, [...projects, ...images, stats] as unknown as Record<string, unknown>[]);
  phase('table items');
  await inParallel([...images.keys()], 16, async (index) => {
    const picture = made[index % made.length]!;
    await put(results, images[index]!.thumbnailFilePath!, picture.resultThumbnail, 'image/webp');
    await put(results, images[index]!.originalThumbnailFilePath!, picture.originalThumbnail, 'image/webp');
  });
  phase('thumbnails');
  s3.destroy();
  report.line(
    `seeded ${IMAGES} images (${IMAGES - PROJECTS * PER_PROJECT} unclassified) in ${PROJECTS} projects, from ` +
      `${made.length} real photos taken at ${FULL_SIZE_LONG_SIDE} px (${phases.join(', ')})`,
  );
  const averageResult = fullSize.reduce((sum, { result }) => sum + result.length, 0) / fullSize.length;
  return { averageResult };
}

const authorized = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function download(url: string): Promise<number> {
  const response = await fetch(url);
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return bytes;
}

/** The gallery's first page, failing with the API's answer when it is not a full page. */
async function listGallery(stack: TestStack, owner: OrgUser): Promise<{ json: string; page: Page<Image> }> {
  const response = await fetch(`${stack.url}/api/images/no-project?limit=${PAGE}`, authorized(owner.token));
  const json = await response.text();
  const page = (response.status === 200 ? JSON.parse(json) : undefined) as Page<Image> | undefined;
  if (!page || page.items?.length !== PAGE) {
    throw new Error(
      `GET /api/images/no-project answered ${response.status}, not a page of ${PAGE}: ${json.slice(0, 300)}`,
    );
  }
  return { json, page };
}

async function galleryPage(report: Reporter, stack: TestStack, owner: OrgUser, averageResult: number, sizes: Sizes) {
  const { json, page } = await listGallery(stack, owner);
  let tiles = 0;
  await inParallel(page.items, TILE_CONNECTIONS, async (image) => {
    const bytes = await download(image.thumbnailUrl!);
    tiles += bytes;
  });
  const jsonBytes = Buffer.byteLength(json);
  const fullSize = PAGE * averageResult;
  report.line(`a gallery page of ${PAGE} images (GET /api/images/no-project?limit=${PAGE}):`);
  report.figure({ name: 'page JSON', value: jsonBytes / 1024, unit: 'KB' });
  report.figure({ name: `${PAGE} thumbnails (WebP, 480 px)`, value: tiles / 1024, unit: 'KB' });
  report.figure({
    name: 'page total (JSON + thumbnails)',
    value: (jsonBytes + tiles) / 1024 / 1024,
    unit: 'MB',
    target: TARGETS.pageBytes / 1024 / 1024,
    note: `the ${PAGE} full-size results would be ${(fullSize / 1024 / 1024).toFixed(0)} MB`,
  });

  const firstTile: number[] = [];
  const listOnly: number[] = [];
  for (let run = 0; run < sizes.firstTileRuns; run += 1) {
    const begin = performance.now();
    const { page: list } = await listGallery(stack, owner);
    listOnly.push(performance.now() - begin);
    await download(list.items[0]!.thumbnailUrl!);
    firstTile.push(performance.now() - begin);
  }
  firstTile.sort((a, b) => a - b);
  listOnly.sort((a, b) => a - b);
  report.figure({
    name: 'time to first tile p50',
    value: percentile(firstTile, 50),
    unit: 'ms',
    note: `list answer p50 ${percentile(listOnly, 50).toFixed(1)} ms`,
  });
  report.figure({
    name: 'time to first tile p99',
    value: percentile(firstTile, 99),
    unit: 'ms',
    note: `list answer p99 ${percentile(listOnly, 99).toFixed(1)} ms`,
  });
}

async function projectList(
  report: Reporter,
  stack: TestStack,
  ddb: DynamoDBDocumentClient,
  owner: OrgUser,
  { projects: PROJECTS, listRequests: LIST_REQUESTS, listWarmup: LIST_WARMUP }: Sizes,
) {
  const getProjects = async () => {
    const response = await fetch(`${stack.url}/api/projects`, authorized(owner.token));
    const page = (await response.json()) as ProjectPage;
    if (response.status !== 200 || page.items?.length !== PAGE || page.total !== PROJECTS) {
      throw new Error(`GET /api/projects answered ${response.status}, ${page.items?.length} projects`);
    }
  };
  const query = async () => {
    const { Items } = await ddb.send(
      new QueryCommand({
        TableName: stack.env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.organizationPartition(owner.orgId), ':prefix': SK_PREFIX.project },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: PAGE,
      }),
    );
    if (Items?.length !== PAGE) throw new Error('the bare query missed projects');
  };
  await measureConcurrent(LIST_WARMUP, CONCURRENCY, getProjects);
  const api = await measureConcurrent(LIST_REQUESTS, CONCURRENCY, getProjects);
  await measureConcurrent(LIST_WARMUP, CONCURRENCY, query);
  const bare = await measureConcurrent(LIST_REQUESTS, CONCURRENCY, query);
  const [apiP50, apiP99, bareP50, bareP99] = [
    percentile(api, 50),
    percentile(api, 99),
    percentile(bare, 50),
    percentile(bare, 99),
  ];
  report.line(
    `GET /api/projects (first page of ${PAGE} of ${PROJECTS}, signed thumbnails, total), ` +
      `${LIST_REQUESTS} requests at ${CONCURRENCY} concurrent, after ${LIST_WARMUP} warm-up:`,
  );
  report.figure({
    name: 'GET /api/projects p50',
    value: apiP50,
    unit: 'ms',
    note: `${(apiP50 / bareP50).toFixed(1)}x Query p50`,
  });
  report.figure({
    name: 'GET /api/projects p99',
    value: apiP99,
    unit: 'ms',
    note: `${(apiP99 / bareP99).toFixed(1)}x Query p99`,
  });
  report.figure({ name: 'bare DynamoDB Query p50 (baseline)', value: bareP50, unit: 'ms' });
  report.figure({ name: 'bare DynamoDB Query p99 (baseline)', value: bareP99, unit: 'ms' });
}

export const gallery: BenchSection = {
  async run(report, { quick }) {
    const sizes = quick ? SIZES.quick : SIZES.full;
    const stack = await startTestStack({ seedDemo: false });
    const ddb = tableClient(stack);
    try {
      const owner = await orgUser(stack, ddb, 0);
      const { averageResult } = await seed(stack, ddb, owner, report, sizes);
      await galleryPage(report, stack, owner, averageResult, sizes);
      await projectList(report, stack, ddb, owner, sizes);
    } finally {
      ddb.destroy();
      await stack.destroy();
    }
  },
};
