/**
 * Cognito on cognito-local, assembled here rather than with its `createDefaultServer`, which keeps
 * state in `.cognito` under the working directory, logs e-mails to the console and calls triggers
 * through a real Lambda endpoint. Here: state under dataDir/cognito, e-mails into the local outbox (sign-up codes the Pre sign-up trigger makes
 * pointless are dropped),
 * and triggers invoked in-process through the same Lambda `Invoke` contract (FunctionName, JSON
 * Payload, FunctionError) that cognito-local's LambdaService expects.
 * Its store (StormDB) rewrites a pool's whole JSON file in place, and concurrent saves may
 * interleave: a stop mid-write left a truncated file (the stack would not start) or an empty one
 * (read back as an empty pool: every account gone). Here saves are atomic and in order.
 */
import { createPublicKey, verify as verifySignature } from 'node:crypto';
import * as http from 'node:http';
import { createRequire } from 'node:module';
import pino from 'pino';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  UpdateUserPoolClientCommand,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CognitoError, InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import type { Config } from 'cognito-local/lib/server/config';
import { TOKEN_VALIDITY } from '../config/auth';
import { serialisedWriter } from './atomic-file';
import { FailedAttempts, LOCK_RULES } from './cognito-lockout';
import type { Outbox } from './outbox';
import { closeServer, LOCAL_HOST } from './ports';

export type TriggerHandler = (event: unknown) => Promise<unknown>;

/** StormDB's file engine, as cognito-local loads it (`{ async: true }`: write returns a promise). */
interface StormFileEngine {
  path: string;
  async: boolean;
  serialize: (data: unknown) => string;
  write(data: unknown): Promise<void> | null;
}

let atomicSaves = false;

/** Every save of a pool file: atomic (temp + rename), one at a time per file, in call order. */
export function makeCognitoSavesAtomic(): void {
  if (atomicSaves) return;
  atomicSaves = true;
  const stormdb = createRequire(require.resolve('cognito-local'))('stormdb') as {
    localFileEngine: { prototype: StormFileEngine };
  };
  const write = serialisedWriter();
  const engine = stormdb.localFileEngine.prototype;
  const synchronousWrite = engine.write;
  engine.write = function (this: StormFileEngine, data: unknown) {
    // cognito-local's engines are async; any other keeps StormDB's own write.
    if (!this.async) return synchronousWrite.call(this, data);
    // Serialised now: the snapshot of this save, whatever changes before its turn.
    return write(this.path, this.serialize(data));
  };
}

const TRIGGER_FUNCTION = 'vitrine-cognito-triggers';

/** What cognito-local's LambdaService calls: `invoke(params).promise()`, AWS SDK v2 style. */
function inProcessLambda(handler: TriggerHandler) {
  return {
    invoke(params: { FunctionName: string; Payload: string }) {
      return {
        promise: async () => {
          try {
            return { StatusCode: 200, Payload: JSON.stringify(await handler(JSON.parse(params.Payload))) };
          } catch (error) {
            const errorMessage = error instanceof Error ? error.message : String(error);
            return { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage }) };
          }
        },
      };
    },
  };
}

function outboxSender(outbox: Outbox): MessageSender {
  const send = async (
    _ctx: unknown,
    _user: unknown,
    destination: string,
    message: { __code?: string; emailSubject?: string; emailMessage?: string; smsMessage?: string },
  ) => {
    await outbox.send({
      to: destination,
      subject: message.emailSubject ?? 'Votre code de vérification Vitrine',
      html: message.emailMessage ?? message.smsMessage ?? `Votre code de vérification : ${message.__code ?? ''}`,
    });
  };
  return { sendEmail: send, sendSms: send };
}

/**
 * cognito-local e-mails a sign-up confirmation code whenever the pool auto-verifies e-mail, even
 * when the Pre sign-up trigger already confirmed the account. That code only serves ConfirmSignUp,
 * which a confirmed account never calls; Cognito is expected not to send it (not verified on AWS:
 * architecture decision 8). Dropped here, so the outbox holds one code: the verification code
 * the API asks for on the first profile read.
 */
function withoutCodesForConfirmedSignUps(messages: MessagesService): MessagesService {
  const deliver = messages.deliver.bind(messages);
  messages.deliver = async (...args: Parameters<MessagesService['deliver']>) => {
    const [, source, , , user] = args;
    if (source === 'SignUp' && user.UserStatus === 'CONFIRMED') return;
    return deliver(...args);
  };
  return messages;
}

/** cognito-local's signing key: the one its tokens are signed with (and its JWKS publishes). */
function signingKey() {
  const { pem } = createRequire(require.resolve('cognito-local'))(
    'cognito-local/lib/keys/cognitoLocal.public.json',
  ) as {
    pem: string;
  };
  return createPublicKey(pem);
}

/**
 * What Cognito checks and cognito-local does not (decision 082): it only decodes the access token
 * of a token-authorized operation (GetUser, UpdateUserAttributes, DeleteUser...), so a forged or
 * expired token passed. Here its RS256 signature and expiry are verified first, with Cognito's
 * answers. And, as the CDK app client's `writeAttributes` has it, `email_verified` is never
 * writable with the user's own token.
 */
export function checkAsCognito(key = signingKey(), now: () => number = Date.now) {
  return (request: Record<string, unknown>): void => {
    const token = request.AccessToken;
    if (typeof token === 'string') {
      const [header, payload, signature] = token.split('.');
      if (!header || !payload || signature === undefined) throw new NotAuthorizedError('Invalid Access Token');
      const signed = verifySignature(
        'RSA-SHA256',
        Buffer.from(`${header}.${payload}`),
        key,
        Buffer.from(signature, 'base64url'),
      );
      if (!signed) throw new NotAuthorizedError('Invalid Access Token');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        exp?: number;
        token_use?: string;
      };
      if (claims.token_use !== 'access') throw new NotAuthorizedError('Invalid Access Token');
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now()) {
        throw new NotAuthorizedError('Access Token has expired');
      }
    }
    const attributes = request.UserAttributes;
    if (Array.isArray(attributes) && typeof token === 'string') {
      if (attributes.some((attribute: { Name?: unknown }) => attribute.Name === 'email_verified')) {
        throw new NotAuthorizedError('A client attempted to write unauthorized attribute');
      }
    }
    // The pool signs in case-insensitively (CDK signInCaseSensitive: false): DEMO@example.com is demo@example.com.
    for (const holder of [request, request.AuthParameters]) {
      if (holder && typeof holder === 'object') {
        const named = holder as Record<string, unknown>;
        for (const field of ['Username', 'USERNAME']) {
          if (typeof named[field] === 'string') named[field] = (named[field] as string).toLowerCase();
        }
      }
    }
  };
}

/** Operations that Cognito locks out after failed attempts, with how each names its user and fails. */
const GUARDED: Record<
  string,
  {
    user(request: Record<string, unknown>): unknown;
    failure: string[];
    lock: keyof typeof LOCK_RULES;
    refusal(): Error;
  }
> = {
  InitiateAuth: {
    lock: 'password',
    user: (request) => (request.AuthParameters as Record<string, unknown> | undefined)?.USERNAME,
    failure: ['InvalidPasswordException', 'NotAuthorizedException'],
    refusal: () => new NotAuthorizedError('Password attempts exceeded'),
  },
  ConfirmForgotPassword: {
    lock: 'code',
    user: (request) => request.Username,
    failure: ['CodeMismatchException'],
    refusal: () => new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  },
  ConfirmSignUp: {
    lock: 'code',
    user: (request) => request.Username,
    failure: ['CodeMismatchException'],
    refusal: () => new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  },
};

/**
 * cognito-local answers a wrong password with InvalidPasswordException; Cognito with
 * NotAuthorizedException 'Incorrect username or password.' (InvalidPasswordException is its
 * answer to a new password that breaks the policy).
 */
function asCognitoAnswers(target: string, error: unknown): unknown {
  const wrongPassword = (error as { code?: unknown } | undefined)?.code === 'InvalidPasswordException';
  if (wrongPassword && (target === 'InitiateAuth' || target === 'ChangePassword')) {
    return new NotAuthorizedError('Incorrect username or password.');
  }
  return error;
}

/** cognito-local's router, each target behind `checkAsCognito` and Cognito's lockout. */
function strictRouter(route: ReturnType<typeof Router>): ReturnType<typeof Router> {
  const check = checkAsCognito();
  const lockouts = new Map(
    Object.entries(GUARDED).map(([target, guard]) => [target, new FailedAttempts(LOCK_RULES[guard.lock])]),
  );
  return (target) => {
    const handle = route(target);
    const guard = GUARDED[target];
    const attempts = lockouts.get(target);
    return async (ctx, request) => {
      if (request === null || typeof request !== 'object') throw new InvalidParameterError();
      const fields = request as Record<string, unknown>;
      check(fields);
      const user = guard?.user(fields);
      const key = typeof user === 'string' ? `${String(fields.ClientId)}/${user}` : undefined;
      if (guard && key && attempts?.isLocked(key)) throw guard.refusal();
      try {
        const answer = await handle(ctx, request);
        if (key) attempts?.succeeded(key);
        return answer;
      } catch (error) {
        const answered = asCognitoAnswers(target, error);
        const code = (answered as { code?: unknown } | undefined)?.code;
        if (key && typeof code === 'string' && guard?.failure.includes(code)) attempts?.failed(key);
        throw answered;
      }
    };
  };
}

export interface LocalCognito {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

export async function startCognito(options: {
  directory: string;
  port: number;
  triggerHandler: TriggerHandler;
  outbox: Outbox;
}): Promise<LocalCognito> {
  makeCognitoSavesAtomic();
  const logger = pino({ level: 'silent' });
  const ctx = { logger };
  const config: Config = {
    LambdaClient: { region: 'local' },
    TriggerFunctions: { PreSignUp: TRIGGER_FUNCTION, CustomMessage: TRIGGER_FUNCTION },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    // The issuer names the port, known only once listening: set below, read at token time.
    TokenConfig: { IssuerDomain: `http://${LOCAL_HOST}:${options.port}` },
    ServerConfig: { port: options.port, hostname: LOCAL_HOST, development: false, https: false },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(options.directory);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(
    options.directory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  );
  const cognitoClient = await cognitoServiceFactory.create(ctx, config.UserPoolDefaults);
  const lambda = inProcessLambda(options.triggerHandler) as unknown as ConstructorParameters<typeof LambdaService>[1];
  const triggers = new TriggersService(
    clock,
    cognitoClient,
    new LambdaService(config.TriggerFunctions, lambda),
    new CryptoService({ KMSKeyId: '', KMSKeyAlias: '' }),
  );
  const services = {
    clock,
    cognito: cognitoClient,
    config,
    messages: withoutCodesForConfirmedSignUps(
      new MessagesService(triggers, new MessageDeliveryService(outboxSender(options.outbox))),
    ),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server = (await createServer(
    strictRouter(Router(services)),
    logger,
    config.ServerConfig,
    services,
  ).start()) as http.Server;
  const port = (server.address() as { port: number }).port;
  config.TokenConfig.IssuerDomain = `http://${LOCAL_HOST}:${port}`;
  return { endpoint: `http://${LOCAL_HOST}:${port}`, port, close: () => closeServer(server) };
}

/**
 * The pool's settings as the CDK Auth construct has them: e-mail codes (GetUserAttributeVerificationCode
 * needs e-mail among the auto-verified attributes) and optional TOTP MFA.
 */
const POOL_SETTINGS = {
  Policies: { PasswordPolicy: { MinimumLength: 8 } },
  AutoVerifiedAttributes: ['email' as const],
  MfaConfiguration: 'OPTIONAL' as const,
};

/** The app client: its flows, and its token lifetimes as the CDK client has them (cognito-local defaults to 24 h). */
const CLIENT_SETTINGS = {
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as (
    'ALLOW_USER_PASSWORD_AUTH' | 'ALLOW_USER_SRP_AUTH' | 'ALLOW_REFRESH_TOKEN_AUTH'
  )[],
  AccessTokenValidity: TOKEN_VALIDITY.accessHours,
  IdTokenValidity: TOKEN_VALIDITY.idHours,
  RefreshTokenValidity: TOKEN_VALIDITY.refreshDays,
  TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' } as const,
};

/** Creates the user pool and app client unless the saved ids still exist (then brings their settings up to date). */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  saved: { userPoolId?: string; userPoolClientId?: string },
): Promise<{ userPoolId: string; userPoolClientId: string }> {
  if (saved.userPoolId && saved.userPoolClientId) {
    let pool;
    try {
      pool = (await client.send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId }))).UserPool;
    } catch {
      // The emulator's state was removed: create them again.
    }
    if (pool) {
      // Data directories made before e-mail verification and TOTP existed.
      if (!pool.AutoVerifiedAttributes?.includes('email') || pool.MfaConfiguration !== 'OPTIONAL') {
        await client.send(new UpdateUserPoolCommand({ UserPoolId: saved.userPoolId, ...POOL_SETTINGS }));
      }
      // Clients made with cognito-local's 24-hour default.
      await client.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: saved.userPoolId,
          ClientId: saved.userPoolClientId,
          ...CLIENT_SETTINGS,
        }),
      );
      return { userPoolId: saved.userPoolId, userPoolClientId: saved.userPoolClientId };
    }
  }
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({ PoolName: 'vitrine-local', UsernameAttributes: ['email'], ...POOL_SETTINGS }),
  );
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: UserPool!.Id!,
      ClientName: 'vitrine-web',
      ...CLIENT_SETTINGS,
    }),
  );
  return { userPoolId: UserPool!.Id!, userPoolClientId: UserPoolClient!.ClientId! };
}
