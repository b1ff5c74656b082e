/** SES v2 SendEmail over the signed fetch: the wire request SES documents, and its errors. */
import { AwsServiceError } from './signed-fetch';
import { sesSendMail } from './ses';
import { recordingFetch } from './testing/recording-fetch';

const credentials = async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });

describe('sesSendMail', () => {
  it('posts a simple UTF-8 message from the configured sender to the regional endpoint, signed for ses', async () => {
    const { requests, fetch } = recordingFetch(() => Response.json({ MessageId: 'msg-1' }));
    const send = sesSendMail({ region: 'eu-west-3', credentials, fetch, from: () => 'Vitrine <no-reply@example.com>' });

    const id = await send({ to: 'lea@example.com', subject: 'Invitation à rejoindre', html: '<p>é</p>', text: 'é' });

    expect(id).toBe('msg-1');
    const [sent] = requests;
    expect(sent!.url).toBe('https://email.eu-west-3.amazonaws.com/v2/email/outbound-emails');
    expect(sent!.init.method).toBe('POST');
    const headers = sent!.init.headers as Record<string, string>;
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-3\/ses\/aws4_request, /,
    );
    expect(JSON.parse(String(sent!.init.body))).toEqual({
      FromEmailAddress: 'Vitrine <no-reply@example.com>',
      Destination: { ToAddresses: ['lea@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Invitation à rejoindre', Charset: 'UTF-8' },
          Body: { Html: { Data: '<p>é</p>', Charset: 'UTF-8' }, Text: { Data: 'é', Charset: 'UTF-8' } },
        },
      },
    });
  });

  it('goes to the endpoint override (the local stand-in) when given', async () => {
    const { requests, fetch } = recordingFetch(() => Response.json({ MessageId: 'local' }));
    const send = sesSendMail({
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:4567',
      credentials,
      fetch,
      from: () => 'no-reply@example.com',
    });
    await send({ to: 'a@example.com', subject: 's', html: 'h' });
    expect(requests[0]!.url).toBe('http://127.0.0.1:4567/v2/email/outbound-emails');
    expect(JSON.parse(String(requests[0]!.init.body)).Content.Simple.Body).toEqual({
      Html: { Data: 'h', Charset: 'UTF-8' },
    });
  });

  it("rejects with SES's error type and status", async () => {
    const { fetch } = recordingFetch(
      () =>
        new Response(JSON.stringify({ message: 'Email address is not verified.' }), {
          status: 400,
          headers: { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/' },
        }),
    );
    const send = sesSendMail({ region: 'eu-west-3', credentials, fetch, from: () => 'no-reply@example.com' });
    const failure = send({ to: 'a@example.com', subject: 's', html: 'h' });
    await expect(failure).rejects.toBeInstanceOf(AwsServiceError);
    await expect(failure).rejects.toMatchObject({ name: 'MessageRejected', status: 400 });
  });
});
