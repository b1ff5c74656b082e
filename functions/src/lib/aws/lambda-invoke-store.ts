/**
 * Bundled in place of `@aws/lambda-invoke-store` (see infra/lib/bundling.ts), about 2 KB per
 * bundle. The SDK's recursion-detection middleware asks it for the invocation's X-Ray trace id and
 * W3C trace headers. The Lambda runtime that keeps that store publishes it as
 * `globalThis.awslambda.InvokeStore`, which is what the package returns too; without one (one
 * invocation per environment, as ours run) the middleware falls back to `_X_AMZN_TRACE_ID`.
 */
interface TraceStore {
  getXRayTraceId(): string | undefined;
  getTraceparent?(): string | undefined;
  getTracestate?(): string | undefined;
  getBaggage?(): string | undefined;
}

const noStore: TraceStore = { getXRayTraceId: () => undefined };

export const InvokeStore = {
  getInstanceAsync: async (): Promise<TraceStore> =>
    (globalThis as { awslambda?: { InvokeStore?: TraceStore } }).awslambda?.InvokeStore ?? noStore,
};
