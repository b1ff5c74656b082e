/**
 * Data dirs from before the open list (decision 40) hold transformations left queued or processing
 * by a stop, with no gsi1 entry, so the reconciler would never see them (the 15 jobs stuck
 * 'processing' with their credits reserved). Locally a Scan is cheap: each such record gets its
 * entry back, and the reconciler then finishes it like any other.
 */
import { ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../../../functions/src/lib/aws/dynamodb-client';
import { gsi1Keys, SK_PREFIX } from '../../../functions/src/lib/keys';
import type { TransformationRecord } from '../../../functions/src/lib/records';

export async function listUnlistedOpenTransformations(
  ddb: DynamoDBDocumentClient,
  tableName: string,
): Promise<string[]> {
  const repairs: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'begins_with(sk, :tx) AND attribute_not_exists(gsi1pk) AND #status IN (:queued, :processing)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':tx': SK_PREFIX.transformation,
          ':queued': 'queued',
          ':processing': 'processing',
        },
        ExclusiveStartKey,
      }),
    );
    for (const record of (page.Items ?? []) as TransformationRecord[]) {
      const open = gsi1Keys.openTransformation(record.createdAt, record.orgId, record.id);
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: record.pk, sk: record.sk },
            UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
            ConditionExpression: 'attribute_not_exists(gsi1pk)',
            ExpressionAttributeValues: { ':pk': open.gsi1pk, ':sk': open.gsi1sk },
          }),
        );
        repairs.push(
          `transformations: ${record.id}, left ${record.status} by an older version, listed for the reconciler`,
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return repairs;
}
