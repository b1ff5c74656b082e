/**
 * The deep health check (architecture decision 48): every dependency answers a metadata call.
 * In AWS, EventBridge Scheduler invokes it every 5 minutes; a failure throws, so the function's
 * errors alarm notifies the alarm topic. Locally, the stack's readiness probe (`/_local/health`,
 * which `npm start` waits for) runs it and answers 503 on a failure.
 */
import { checkDependencies, type DependencyReport } from '../health/dependency-checks';
import { logger, withLogContext } from '../lib/logger';

export class DependencyCheckFailed extends Error {
  override readonly name = 'DependencyCheckFailed';
  constructor(readonly report: DependencyReport) {
    super(`Health check failed: ${Object.keys(report.failed).join(', ')}`);
  }
}

export async function handler(_event: unknown, context?: { awsRequestId?: string }): Promise<{ status: 'ok' }> {
  return withLogContext({ service: 'health-check', requestId: context?.awsRequestId }, async () => {
    const report = await checkDependencies();
    if (!report.ok) {
      logger.error('Health check failed', { failed: Object.keys(report.failed), errors: report.failed });
      throw new DependencyCheckFailed(report);
    }
    return { status: 'ok' as const };
  });
}
