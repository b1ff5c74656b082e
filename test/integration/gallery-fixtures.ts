/**
 * Succeeded transformations written straight into the table (as the workflow would leave them),
 * so gallery tests can save many results through the API without running the workflow each time.
 * Their objects are written as a few placeholder bytes: saving re-tags them kept (decision 52), and
 * nothing else reads them.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3RVER_CREDENTIALS } from '../../infra/local/s3';
import { keys } from '../../functions/src/lib/keys';
import type { TransformationRecord } from '../../functions/src/lib/records';
import type { LocalStack } from '../../infra/local/stack';

export async function seedSucceededTransformations(
  stack: LocalStack,
  ddb: DynamoDBDocumentClient,
  owner: { orgId: string; sub: string },
  count: number,
): Promise<string[]> {
  const now = new Date().toISOString();
  const records: TransformationRecord[] = Array.from({ length: count }, () => {
    const id = randomUUID();
    return {
      ...keys.transformation(owner.orgId, id),
      id,
      orgId: owner.orgId,
      userId: owner.sub,
      type: 'enhance',
      options: {},
      status: 'succeeded',
      uploadKey: `uploads/${owner.orgId}/${id}`,
      normalisedKey: `normalised/${owner.orgId}/${id}.jpg`,
      resultKey: `results/${owner.orgId}/${id}.png`,
      originalThumbnailKey: `thumbnails/${owner.orgId}/${id}/original.webp`,
      thumbnailKey: `thumbnails/${owner.orgId}/${id}/result.webp`,
      width: 1200,
      height: 800,
      engine: 'local',
      simulated: false,
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let start = 0; start < records.length; start += 25) {
    await ddb.send(
      new BatchWriteCommand({
        RequestItems: {
          [stack.env.TABLE_NAME!]: records.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
        },
      }),
    );
  }
  await putStoredObjects(
    stack,
    records.flatMap((record) => [
      { bucket: 'uploads', key: record.normalisedKey! },
      ...[record.resultKey!, record.originalThumbnailKey!, record.thumbnailKey!].map((key) => ({
        bucket: 'results' as const,
        key,
      })),
    ]),
  );
  return records.map((record) => record.id);
}

/** Placeholder objects standing for what the workflow stores (saving an image tags them). */
export async function putStoredObjects(
  stack: LocalStack,
  objects: readonly { bucket: 'uploads' | 'results'; key: string }[],
): Promise<void> {
  const s3 = new S3Client({
    endpoint: stack.services.s3,
    region: stack.config.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  const bucketName = { uploads: stack.env.UPLOADS_BUCKET!, results: stack.env.RESULTS_BUCKET! };
  try {
    for (let start = 0; start < objects.length; start += 20) {
      await Promise.all(
        objects
          .slice(start, start + 20)
          .map(({ bucket, key }) =>
            s3.send(new PutObjectCommand({ Bucket: bucketName[bucket], Key: key, Body: 'stored' })),
          ),
      );
    }
  } finally {
    s3.destroy();
  }
}
