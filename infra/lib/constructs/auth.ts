/**
 * Cognito user pool (sign-in by e-mail, optional TOTP MFA) and the web app client (SRP only), with
 * the PreSignUp trigger that confirms accounts (the spec signs the user in right after registering)
 * and verifies the e-mail of sign-ups made through an invitation link, and the CustomMessage
 * trigger that writes the reset link and the e-mail verification code in French.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { FIELD_LIMITS } from '@vitrine/shared';
import { ENV } from '../../../functions/src/lib/env';
import { TABLE_KEYS } from '../../../functions/src/lib/aws/table-schema';
import { TOKEN_VALIDITY } from '../../config/auth';
import type { StageConfig } from '../../config/stages';
import { VitrineFunction } from './vitrine-function';

export interface AuthProps {
  config: StageConfig;
  /** Origin of the app (https://...), for the links in Cognito's e-mails. */
  appUrl: string;
  /** The table: the Pre sign-up trigger looks invitations up by token hash (gsi1 Query only). */
  table: ITable;
}

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly triggers: VitrineFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { config } = props;

    this.triggers = new VitrineFunction(this, 'Triggers', {
      handlerName: 'cognito-triggers',
      logRetention: config.logRetention,
      logRemovalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      timeout: Duration.seconds(5), // Cognito waits 5 s for a trigger
      environment: { [ENV.appUrl]: props.appUrl, [ENV.table]: props.table.tableName },
    });
    // An invitation by the hash of its token: a Query on gsi1, nothing else of the table.
    this.triggers.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${props.table.tableArn}/index/${TABLE_KEYS.gsi1.indexName}`],
      }),
    );

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `vitrine-${config.stage}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: FIELD_LIMITS.passwordMin,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Verification codes and password resets through SES from the stage's sender, as invitations
      // are sent: Cognito's default sender is capped at 50 e-mails a day (decision 079).
      // https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-email.html
      email: cognito.UserPoolEmail.withSES({
        fromEmail: config.mail.fromAddress,
        fromName: config.mail.fromName,
        sesVerifiedDomain: config.mail.identity,
      }),
      // Optional two-factor authentication with an authenticator app (Paramètres > Sécurité); no SMS.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      lambdaTriggers: { preSignUp: this.triggers, customMessage: this.triggers },
      deletionProtection: config.retainData,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false, // a browser cannot keep a secret
      // SRP only: the password never leaves the browser. (Locally USER_PASSWORD_AUTH, which
      // cognito-local needs: it has no SRP; infra/local/cognito.ts.)
      authFlows: { userSrp: true },
      disableOAuth: true, // Amplify signs in with the API flows above; no hosted UI, no redirect URLs
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(TOKEN_VALIDITY.accessHours),
      idTokenValidity: Duration.hours(TOKEN_VALIDITY.idHours),
      refreshTokenValidity: Duration.days(TOKEN_VALIDITY.refreshDays),
      enableTokenRevocation: true,
      // Explicit, so `email_verified` (and nothing else Cognito would allow by default) is never
      // writable with the user's own token: a changed e-mail must be verified by its code.
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({
        email: true,
        givenName: true,
        familyName: true,
        phoneNumber: true,
      }),
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product spec sets the password rule to "at least 8 characters" and the sign-up form validates exactly that; extra classes would reject passwords the form accepts.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional (TOTP, offered in Paramètres > Sécurité): the spec signs users in right after registering, before any second factor could be set up.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection needs the Plus feature plan, not budgeted yet; the Essentials plan covers the flows the spec has.',
      },
    );
  }
}
