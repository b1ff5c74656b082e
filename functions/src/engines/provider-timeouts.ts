/**
 * Client timeouts of the providers' calls and the Transform step's budget (decisions 63, 087). Light on
 * purpose (no sharp, no SDK): the CDK imports it to size the image-steps Lambda.
 */

/**
 * One Bedrock image call: Stability AI Image Services answer in seconds; two minutes leaves room
 * for a cold model.
 */
export const BEDROCK_TIMEOUT_MS = 120_000;

/** One OpenAI image call: the image generation guide warns that complex prompts take up to two minutes. */
export const OPENAI_TIMEOUT_MS = 120_000;

/**
 * Provider calls one Transform invocation may make (decision 087): the next one, a structure retry,
 * comes in a new invocation that reuses the stored answers, so each invocation is sized for one.
 */
export const CALLS_PER_INVOCATION = 1;

/** Provider calls one transformation may pay for: the first and one structure retry (decision 61). */
export const CALLS_PER_TRANSFORM = 2;

/** Decoding, analysis, framing and compositing of a 50-megapixel original, with a wide margin. */
const PROCESSING_SECONDS = 30;

/**
 * The image-steps Lambda's timeout: the invocation's call at its client timeout, plus the
 * processing, so no Lambda limit ever cuts a call the provider may bill.
 */
export const TRANSFORM_LAMBDA_TIMEOUT_SECONDS =
  (CALLS_PER_INVOCATION * Math.max(BEDROCK_TIMEOUT_MS, OPENAI_TIMEOUT_MS)) / 1000 + PROCESSING_SECONDS;
