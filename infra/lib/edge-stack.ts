/**
 * What CloudFront needs in us-east-1 (architecture decision 49): the WAF web ACL of the
 * distribution. A web ACL of scope CLOUDFRONT can only be created there, so it lives in its own
 * small stack, `Vitrine-<stage>-edge`, deployed first; the main stack reads its ARN through CDK's
 * cross-region references (an SSM parameter written in the main stack's region).
 *
 * Rules, in order:
 *   1. requests to /api/ without an Authorization header (the health check, the Stripe webhook, and
 *      anything anonymous): `waf.anonymousApiRequestsPerFiveMinutes` per IP;
 *   2. every request: `waf.requestsPerFiveMinutes` per IP (an office behind one NAT polls its
 *      transformations every second: generous on purpose);
 *   3. AWS managed common rules and known bad inputs, except on the Stripe webhook, whose signed
 *      payloads are not ours to rewrite, and with the 8 KB body-size rule counted only (our JSON
 *      routes take up to 16 KB).
 * A blocked rate answers 429 with the error contract's `{ code: 'RATE_LIMITED', message }` in
 * French. Only blocked requests are logged (CloudWatch Logs, `aws-waf-logs-vitrine-<stage>`).
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_TEXTS } from '@vitrine/shared';
import type { StageConfig } from '../config/stages';

export interface EdgeStackProps extends StackProps {
  config: StageConfig;
}

/** The Stripe webhook (its signature authenticates it): managed rules leave its body alone. */
const WEBHOOK_PATH = '/api/billing/webhook';
/** Seconds a client blocked by a rate rule is told to wait (the rules' evaluation window). */
const RATE_WINDOW_SECONDS = 300;

export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    const { config } = props;
    const name = `vitrine-${config.stage}`;
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${name}-${metricName}`,
      sampledRequestsEnabled: true,
    });
    const blockRateLimited: wafv2.CfnWebACL.RuleActionProperty = {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: 'rate-limited',
          responseHeaders: [{ name: 'retry-after', value: String(RATE_WINDOW_SECONDS) }],
        },
      },
    };
    const pathStartsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: prefix,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const notWebhook: wafv2.CfnWebACL.StatementProperty = {
      notStatement: {
        statement: {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'EXACTLY',
            searchString: WEBHOOK_PATH,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      },
    };
    const managed = (priority: number, group: string, overrides: string[] = []): wafv2.CfnWebACL.RuleProperty => ({
      name: `aws-${group}`,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: group,
          scopeDownStatement: notWebhook,
          ruleActionOverrides: overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: visibility(group),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name,
      description: `${name}: per-IP rate limits and AWS managed rules in front of the app and its API`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      customResponseBodies: {
        'rate-limited': {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ code: 'RATE_LIMITED', message: API_TEXTS.tooManyRequests }),
        },
      },
      rules: [
        {
          name: 'anonymous-api-rate-per-ip',
          priority: 0,
          action: blockRateLimited,
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              evaluationWindowSec: RATE_WINDOW_SECONDS,
              limit: config.waf.anonymousApiRequestsPerFiveMinutes,
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    pathStartsWith('/api/'),
                    {
                      notStatement: {
                        statement: {
                          sizeConstraintStatement: {
                            fieldToMatch: { singleHeader: { Name: 'authorization' } },
                            comparisonOperator: 'GT',
                            size: 0,
                            textTransformations: [{ priority: 0, type: 'NONE' }],
                          },
                        },
                      },
                    },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('anonymous-api-rate'),
        },
        {
          name: 'rate-per-ip',
          priority: 1,
          action: blockRateLimited,
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              evaluationWindowSec: RATE_WINDOW_SECONDS,
              limit: config.waf.requestsPerFiveMinutes,
            },
          },
          visibilityConfig: visibility('rate'),
        },
        managed(2, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
        managed(3, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });

    // WAF only delivers to log groups named aws-waf-logs-*; only blocked requests are kept.
    const blocked = new logs.LogGroup(this, 'BlockedRequests', {
      logGroupName: `aws-waf-logs-${name}`,
      retention: config.logRetention,
    });
    new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [blocked.logGroupArn],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }],
          },
        ],
      },
    });
  }
}
