/** The header CloudFront sets on its requests to the API origin (decision 49): one spelling for the CDK and the functions. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
