/**
 * The scheduled event of the daily model canary (decision 088). Light on purpose (no sharp): the
 * CDK builds the schedule's input from it.
 */

/** The event's `source`: the image-steps Lambda runs the canary for it. */
export const MODEL_CANARY_SOURCE = 'vitrine.model-canary';
