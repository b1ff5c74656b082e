/**
 * The signed fetch the image steps call Bedrock and Secrets Manager with: its hashes against
 * published vectors, its signature against the SDK's own signer with an independent SHA-256, and
 * the request and error shapes the services use.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { AwsServiceError, awsServiceCaller, NodeSha256 } from './signed-fetch';
import { recordingFetch } from './testing/recording-fetch';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('NodeSha256', () => {
  it('hashes and keys as SHA-256 and HMAC-SHA-256 (FIPS 180-2, RFC 4231 case 2)', async () => {
    const hash = new NodeSha256();
    hash.update('abc');
    expect(hex(await hash.digest())).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const hmac = new NodeSha256('Jefe');
    hmac.update('what do ya want ');
    hmac.update(new TextEncoder().encode('for nothing?'));
    expect(hex(await hmac.digest())).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    hmac.reset();
    hmac.update('what do ya want for nothing?');
    expect(hex(await hmac.digest())).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});

describe('awsServiceCaller', () => {
  it('signs as the SDK does, for the regional endpoint, with the path encoded twice in the signature', async () => {
    const { requests, fetch } = recordingFetch(() => new Response('{"ok":true}', { status: 200 }));
    const call = awsServiceCaller({
      service: 'bedrock',
      region: 'eu-west-1',
      endpointPrefix: 'bedrock-runtime',
      credentials: async () => credentials,
      fetch,
    });
    const request = {
      method: 'POST' as const,
      path: `/model/${encodeURIComponent('amazon.nova-canvas-v1:0')}/invoke`,
      headers: { 'content-type': 'application/json' },
      body: '{"taskType":"IMAGE_VARIATION"}',
    };

    expect(new TextDecoder().decode(await call(request))).toBe('{"ok":true}');

    const [sent] = requests;
    expect(sent!.url).toBe('https://bedrock-runtime.eu-west-1.amazonaws.com/model/amazon.nova-canvas-v1%3A0/invoke');
    const headers = sent!.init.headers as Record<string, string>;
    const amzDate = headers['x-amz-date']!;
    const signingDate = new Date(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    const reference = await new SignatureV4({
      service: 'bedrock',
      region: 'eu-west-1',
      credentials,
      sha256: Sha256,
    }).sign(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: 'bedrock-runtime.eu-west-1.amazonaws.com',
        path: request.path,
        query: {},
        headers: { ...request.headers, host: 'bedrock-runtime.eu-west-1.amazonaws.com' },
        body: request.body,
      },
      { signingDate },
    );
    expect(headers.authorization).toBe(reference.headers.authorization);
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/bedrock\/aws4_request/,
    );
    expect(headers).not.toHaveProperty('host');
    expect(sent!.init.body).toBe(request.body);
  });

  it("names a service's error by its type, from x-amzn-errortype or the JSON __type, with its status", async () => {
    const restJson = recordingFetch(
      () =>
        new Response('{"message":"Rate exceeded"}', {
          status: 429,
          headers: { 'x-amzn-errortype': 'ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/' },
        }),
    );
    const awsJson = recordingFetch(
      () =>
        new Response('{"__type":"com.amazonaws.secretsmanager#ResourceNotFoundException","Message":"No secret"}', {
          status: 400,
        }),
    );
    const target = {
      service: 's',
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:9',
      credentials: async () => credentials,
    };
    const post = { method: 'POST' as const, path: '/', headers: {}, body: '{}' };

    const throttled = awsServiceCaller({ ...target, endpointPrefix: 's', fetch: restJson.fetch })(post);
    await expect(throttled).rejects.toBeInstanceOf(AwsServiceError);
    await expect(throttled).rejects.toMatchObject({
      name: 'ThrottlingException',
      message: 'Rate exceeded',
      status: 429,
    });
    expect(restJson.requests[0]!.url).toBe('http://127.0.0.1:9/');

    await expect(
      awsServiceCaller({ ...target, endpointPrefix: 's', fetch: awsJson.fetch })(post),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'No secret',
      status: 400,
    });
  });

  it('fails the call, not the module, without a region', async () => {
    const call = awsServiceCaller({ service: 'bedrock', region: undefined, endpointPrefix: 'bedrock-runtime' });
    await expect(call({ method: 'POST', path: '/', headers: {}, body: '' })).rejects.toThrow(/AWS_REGION is not set/);
  });
});
