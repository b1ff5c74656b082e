/** The line a stack process (stack-process.ts) prints once it serves requests, followed by its JSON. */
export const READY_PREFIX = 'VITRINE_STACK_READY ';
