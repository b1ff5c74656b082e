/**
 * A share link of an agency with two staged pairs, written into a bench stack as the API and the
 * workflow would leave them (organization, transformations, images, the link with its token's
 * hash, and the stored pictures with their 480 px WebP thumbnails): the public section audits its
 * page (decision 98).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { encodeJpeg, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { gsi1Keys, keys } from '../../functions/src/lib/keys';
import type { ShareLinkRecord } from '../../functions/src/lib/records';
import { S3RVER_CREDENTIALS } from '../../infra/local/s3';
import type { LocalStack } from '../../infra/local/stack';

const WIDTH = 1600;
const HEIGHT = 1200;

/** Seeds the link and returns the path of its public page. */
export async function seedSharePage(stack: LocalStack, pairs = 2): Promise<string> {
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.services.dynamodb, region: stack.config.region }),
  );
  const s3 = new S3Client({
    endpoint: stack.services.s3,
    region: stack.config.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  const put = (Item: object) => ddb.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item }));
  const upload = (bucket: string, key: string, body: Buffer, type: string) =>
    s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: type }));
  const uploads = stack.env.UPLOADS_BUCKET!;
  const results = stack.env.RESULTS_BUCKET!;
  const orgId = `org-${randomUUID()}`;
  const now = new Date().toISOString();
  try {
    await put({
      ...keys.organization(orgId),
      id: orgId,
      name: 'Agence Démo',
      stripeCustomerId: null,
      creditBalance: 0,
      subscription: null,
      createdAt: now,
      updatedAt: now,
    });
    const photo = await encodeJpeg(renderHouseScene(houseScene(WIDTH, HEIGHT)), WIDTH, HEIGHT);
    const altered = await sharp(photo).modulate({ brightness: 1.1, saturation: 1.2 }).jpeg({ quality: 90 }).toBuffer();
    const thumbnail = (image: Buffer) => sharp(image).resize(480).webp({ quality: 75 }).toBuffer();
    const [originalThumbnail, resultThumbnail] = await Promise.all([thumbnail(photo), thumbnail(altered)]);
    const imageIds: string[] = [];
    const transformationIds: string[] = [];
    for (let index = 0; index < pairs; index += 1) {
      const txId = randomUUID();
      const imageId = randomUUID();
      const paths = {
        original: `normalised/${orgId}/${txId}.jpg`,
        result: `results/${orgId}/${txId}.jpg`,
        originalThumbnail: `thumbnails/${orgId}/${txId}/original.webp`,
        thumbnail: `thumbnails/${orgId}/${txId}/result.webp`,
      };
      await Promise.all([
        upload(uploads, paths.original, photo, 'image/jpeg'),
        upload(results, paths.result, altered, 'image/jpeg'),
        upload(results, paths.originalThumbnail, originalThumbnail, 'image/webp'),
        upload(results, paths.thumbnail, resultThumbnail, 'image/webp'),
      ]);
      await put({
        ...keys.transformation(orgId, txId),
        id: txId,
        orgId,
        userId: 'bench',
        type: 'virtual-staging',
        options: {},
        status: 'succeeded',
        uploadKey: `uploads/${orgId}/${txId}`,
        width: WIDTH,
        height: HEIGHT,
        createdAt: now,
        updatedAt: now,
      });
      await put({
        ...keys.image(orgId, imageId),
        ...gsi1Keys.image(orgId, null, now, imageId),
        id: imageId,
        name: `salon-${index + 1}.jpg`,
        status: 'staged',
        projectId: null,
        originalBucket: uploads,
        originalFilePath: paths.original,
        resultBucket: results,
        transformedFilePath: paths.result,
        thumbnailFilePath: paths.thumbnail,
        originalThumbnailFilePath: paths.originalThumbnail,
        type: 'virtual-staging',
        transformationId: txId,
        simulated: false,
        userId: 'bench',
        organizationId: orgId,
        createdAt: now,
        updatedAt: now,
      });
      imageIds.push(imageId);
      transformationIds.push(txId);
    }
    const token = randomBytes(32).toString('base64url');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const linkId = randomUUID();
    const link: ShareLinkRecord = {
      ...keys.shareLink(orgId, linkId),
      ...gsi1Keys.shareToken(tokenHash),
      id: linkId,
      organizationId: orgId,
      scope: 'selection',
      projectId: null,
      imageIds,
      transformationIds,
      tokenHash,
      createdBy: 'bench',
      createdAt: now,
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
    };
    await put(link);
    return `/partage/${token}`;
  } finally {
    ddb.destroy();
    s3.destroy();
  }
}
