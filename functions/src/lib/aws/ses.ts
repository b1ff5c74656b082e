/**
 * SES v2 SendEmail as one signed request (./signed-fetch.ts), not the SDK client, whose schemas
 * would weigh on the bundle (architecture decision 32). Same wire call: REST-JSON,
 * `POST /v2/email/outbound-emails` on `email.<region>.amazonaws.com`, signed for `ses`. The
 * sender comes from MAIL_FROM (stage configuration); locally AWS_ENDPOINT_URL_SESV2 points at the
 * stack's SES stand-in, which files each mail in the outbox.
 */
import { envGetter } from '../config';
import { ENV } from '../env';
import { awsServiceCaller, type AwsServiceTarget } from './signed-fetch';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text?: string;
}

/** Sends one e-mail; resolves with SES's message id. */
export type SendMail = (mail: OutgoingMail) => Promise<string>;

export interface SesConfig extends Partial<Pick<AwsServiceTarget, 'credentials' | 'fetch'>> {
  region: string | undefined;
  /** The regional endpoint unless given. */
  endpoint?: string;
  /** The From address, e.g. `Vitrine <no-reply@example.com>`; read on the first send. */
  from: () => string;
}

export function sesSendMail(config: SesConfig): SendMail {
  const call = awsServiceCaller({ ...config, service: 'ses', endpointPrefix: 'email' });
  const utf8 = (Data: string) => ({ Data, Charset: 'UTF-8' });
  return async (mail) => {
    const bytes = await call({
      method: 'POST',
      path: '/v2/email/outbound-emails',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        FromEmailAddress: config.from(),
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: utf8(mail.subject),
            Body: { Html: utf8(mail.html), ...(mail.text ? { Text: utf8(mail.text) } : {}) },
          },
        },
      }),
    });
    const { MessageId } = JSON.parse(new TextDecoder().decode(bytes)) as { MessageId?: string };
    return MessageId ?? '';
  };
}

/**
 * This container's sender: the function's region, MAIL_FROM, and the endpoint override if set,
 * read on the first send (the local stack sets the environment after modules load).
 */
export function containerSendMail(): SendMail {
  let send: SendMail | undefined;
  return (mail) => {
    send ??= sesSendMail({
      region: process.env.AWS_REGION,
      endpoint: process.env[ENV.sesEndpointUrl] || undefined,
      from: envGetter(ENV.mailFrom),
    });
    return send(mail);
  };
}
