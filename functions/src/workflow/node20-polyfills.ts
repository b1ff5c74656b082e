/**
 * aws-local-stepfunctions (the local Step Functions runner) targets Node 22: on Node 20 every Task
 * fails with `Promise.withResolvers is not a function`. Imported for its side effect by whatever
 * runs the ASL locally (the local stack, the workflow tests); Lambda itself runs Node 22.
 */
const promiseStatics = Promise as unknown as { withResolvers?: unknown };
if (typeof promiseStatics.withResolvers !== 'function') {
  promiseStatics.withResolvers = function withResolvers<T>() {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
