/**
 * Succeeded transformations written straight into the table (as the workflow would leave them),
 * so gallery tests can save many results through the API without running the workflow each time.
 * Their objects are not written: saving and listing only read the record (signed URLs are made
 * without reading the objects).
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
  return records.map((record) => record.id);
}
