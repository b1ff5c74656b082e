/** Step Functions: one client per Lambda container; endpoint from AWS_ENDPOINT_URL_SFN (the local stack's endpoint). */
import { SFNClient } from '@aws-sdk/client-sfn';

export const sfn = new SFNClient({});
