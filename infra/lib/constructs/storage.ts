/**
 * The uploads and results buckets. Browsers reach the data buckets only through presigned URLs: no public
 * access, TLS only, S3-managed encryption (SSE-KMS would add kms grants to every presigned
 * request for no gain here).
 */
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PENDING_UPLOAD_TAG, RETENTION_TAG, UNSAVED_OBJECT_EXPIRY_DAYS } from '@vitrine/shared';
import type { StageConfig } from '../../config/stages';

export interface StorageProps {
  config: StageConfig;
  /** The app origin allowed by CORS (presigned POST uploads, GET of images). */
  allowedOrigin: string;
  accessLogs: s3.IBucket;
}

export class Storage extends Construct {
  readonly uploads: s3.Bucket;
  readonly results: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const { config } = props;
    const secure = secureBucketProps(config.retainData);
    // Validated originals and results no saved image refers to (decision 52): the workflow writes
    // them tagged unsaved, saving an image re-tags them saved.
    const unsavedObjects: s3.LifecycleRule = {
      id: 'unsaved-transformations',
      tagFilters: { [RETENTION_TAG.key]: RETENTION_TAG.unsaved },
      expiration: Duration.days(UNSAVED_OBJECT_EXPIRY_DAYS),
    };

    const cors = (...methods: s3.HttpMethods[]): s3.CorsRule[] => [
      {
        allowedOrigins: [props.allowedOrigin],
        allowedMethods: methods,
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: 3600,
      },
    ];

    // Fixed names (not generated ones) so the CloudFront CSP can list these buckets' endpoints
    // without depending on them while their CORS depends on the CloudFront domain.
    this.uploads = new s3.Bucket(this, 'Uploads', {
      ...secure,
      bucketName: dataBucketName(config, 'uploads'),
      // POST: the browser's presigned upload; GET/HEAD: previews and downloads.
      cors: cors(s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD),
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      lifecycleRules: [
        {
          id: 'abandoned-uploads',
          tagFilters: { [PENDING_UPLOAD_TAG.key]: PENDING_UPLOAD_TAG.value },
          expiration: config.abandonedUploadExpiry,
        },
        unsavedObjects,
        { id: 'incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });

    const versioning = config.resultsVersioning;
    this.results = new s3.Bucket(this, 'Results', {
      ...secure,
      bucketName: dataBucketName(config, 'results'),
      cors: cors(s3.HttpMethods.GET, s3.HttpMethods.HEAD),
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'results/',
      // A result overwritten or deleted by mistake can be restored while its old version lives.
      versioned: versioning !== undefined,
      lifecycleRules: [
        unsavedObjects,
        { id: 'incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(versioning
          ? [
              {
                id: 'old-versions',
                noncurrentVersionExpiration: versioning.noncurrentVersionExpiry,
                expiredObjectDeleteMarker: true,
              },
            ]
          : []),
      ],
    });
  }
}

/** Private, encrypted, TLS-only bucket; emptied and deleted with the stack unless data is retained. */
export function secureBucketProps(retainData: boolean): s3.BucketProps {
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    ...(retainData
      ? { removalPolicy: RemovalPolicy.RETAIN }
      : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true }),
  };
}

/** `vitrine-<stage>-<purpose>-<account>-<region>`: globally unique, and known before deployment. */
export function dataBucketName(config: StageConfig, purpose: 'uploads' | 'results'): string {
  return `vitrine-${config.stage}-${purpose}-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** Regional virtual-hosted endpoint of a data bucket, as presigned URLs of the AWS SDK v3 use. */
export function dataBucketEndpoint(config: StageConfig, purpose: 'uploads' | 'results'): string {
  return `https://${dataBucketName(config, purpose)}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
}
