/** cdk-nag helpers for what aws-cdk-lib creates on our behalf. */
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges the findings of the given rules on a construct that aws-cdk-lib creates and owns
 * (e.g. BucketDeployment's handler), whose grants we do not write. cdk-nag 3 acknowledges
 * findings one by one (`AwsSolutions-IAM5[Resource::...]`) and some of these strings depend on the
 * account and region, so the findings are computed by running the pack on that construct only;
 * everything else in the app stays checked finding by finding.
 */
export function acknowledgeCdkManaged(construct: IConstruct, rules: readonly string[], reason: string): void {
  const report = new AwsSolutionsChecks().validateScope(construct);
  const ids = report.violations
    .map((violation) => violation.ruleName)
    .filter((id) => rules.some((rule) => id === rule || id.startsWith(`${rule}[`)));
  if (ids.length > 0) Validations.of(construct).acknowledge(...ids.map((id) => ({ id, reason })));
}
