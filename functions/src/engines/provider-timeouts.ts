/**
 * Client timeouts of the providers' calls and the Transform step's budget (decision 63). Light on
 * purpose (no sharp, no SDK): the CDK imports it to size the image-steps Lambda.
 */

/**
 * One Bedrock image call: Stability AI Image Services answer in seconds; two minutes leaves room
 * for a cold model.
 */
export const BEDROCK_TIMEOUT_MS = 120_000;

/** One OpenAI image call: the image generation guide warns that complex prompts take up to two minutes. */
export const OPENAI_TIMEOUT_MS = 120_000;

/** Provider calls one Transform invocation may make: the first and one structure retry (decision 61). */
export const CALLS_PER_TRANSFORM = 2;

/** Decoding, analysis, framing and compositing of a 50-megapixel original, with a wide margin. */
const PROCESSING_SECONDS = 30;

/**
 * The image-steps Lambda's timeout: every call of one Transform at its client timeout, plus the
 * processing, so no Lambda limit ever cuts a call the provider may bill.
 */
export const TRANSFORM_LAMBDA_TIMEOUT_SECONDS =
  (CALLS_PER_TRANSFORM * Math.max(BEDROCK_TIMEOUT_MS, OPENAI_TIMEOUT_MS)) / 1000 + PROCESSING_SECONDS;
