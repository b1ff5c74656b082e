/** The single DynamoDB table of docs/architecture.md (keys pk/sk, one GSI gsi1). */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import type { StageConfig } from '../../config/stages';
import { TABLE_KEYS } from '../../../functions/src/lib/aws/table-schema';

export class Data extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: { config: StageConfig }) {
    super(scope, id);
    const { retainData } = props.config;
    const str = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });

    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: str(TABLE_KEYS.partitionKey),
      sortKey: str(TABLE_KEYS.sortKey),
      globalSecondaryIndexes: [
        {
          indexName: TABLE_KEYS.gsi1.indexName,
          partitionKey: str(TABLE_KEYS.gsi1.partitionKey),
          sortKey: str(TABLE_KEYS.gsi1.sortKey),
        },
      ],
      timeToLiveAttribute: TABLE_KEYS.timeToLive,
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      deletionProtection: retainData,
      removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}
