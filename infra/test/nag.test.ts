import { AwsSolutionsChecks } from 'cdk-nag';
import { synthStage } from './synth';

describe('cdk-nag AwsSolutions', () => {
  it.each(['dev', 'prod'])('reports nothing unacknowledged for %s', (stage) => {
    const { app } = synthStage(stage);
    const report = new AwsSolutionsChecks(app).validateScope(app);
    expect(report.violations.map((v) => `${v.ruleName} ${v.violatingResources.map((r) => r.constructPath)}`)).toEqual(
      [],
    );
  });
});
