/**
 * The hand-signed PutObjectTagging: the request S3 documents (virtual-hosted, `?tagging`, the XML
 * tag set, Content-MD5, the payload hash signed in) and a signature equal to the SDK signer's for
 * S3 (path signed as sent). keep-objects.test.ts runs it against the local S3.
 */
import { createHash } from 'node:crypto';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { AwsServiceError } from './signed-fetch';
import { s3ObjectTagger } from './s3-tagging';
import { recordingFetch } from './testing/recording-fetch';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

it('sends PUT <key>?tagging to the bucket host with the XML tag set, its MD5, and the SDK signature', async () => {
  const { requests, fetch } = recordingFetch(() => new Response('', { status: 200 }));
  const putTags = s3ObjectTagger({ region: 'eu-west-3', credentials: async () => credentials, fetch });

  await putTags('vitrine-results', 'results/org-1/tx 1+(é).png', { retention: 'saved', note: 'a<b&"c"' });

  const [sent] = requests;
  const host = 'vitrine-results.s3.eu-west-3.amazonaws.com';
  const path = '/results/org-1/tx%201%2B%28%C3%A9%29.png';
  expect(sent!.url).toBe(`https://${host}${path}?tagging=`);
  expect(sent!.init.method).toBe('PUT');
  const body = sent!.init.body as string;
  expect(body).toBe(
    '<Tagging xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><TagSet>' +
      '<Tag><Key>retention</Key><Value>saved</Value></Tag>' +
      '<Tag><Key>note</Key><Value>a&lt;b&amp;&quot;c&quot;</Value></Tag>' +
      '</TagSet></Tagging>',
  );
  const headers = sent!.init.headers as Record<string, string>;
  expect(headers['content-md5']).toBe(createHash('md5').update(body).digest('base64'));
  expect(headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));

  const amzDate = headers['x-amz-date']!;
  const signingDate = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  const { authorization: _authorization, ...unsigned } = headers;
  const reference = await new SignatureV4({
    service: 's3',
    region: 'eu-west-3',
    credentials,
    sha256: Sha256,
    uriEscapePath: false,
  }).sign(
    {
      method: 'PUT',
      protocol: 'https:',
      hostname: host,
      path,
      query: { tagging: '' },
      headers: { ...unsigned, host },
      body,
    },
    { signingDate },
  );
  expect(headers.authorization).toBe(reference.headers.authorization);
});

it('goes path-style to an endpoint override, and names S3 XML errors by their code', async () => {
  const { requests, fetch } = recordingFetch(
    () =>
      new Response(
        '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The key does not exist</Message></Error>',
        {
          status: 404,
        },
      ),
  );
  const putTags = s3ObjectTagger({
    region: 'eu-west-3',
    endpoint: 'http://127.0.0.1:4569',
    forcePathStyle: true,
    credentials: async () => credentials,
    fetch,
  });

  const failure = putTags('vitrine-results', 'results/org-1/gone.png', { retention: 'saved' });
  await expect(failure).rejects.toBeInstanceOf(AwsServiceError);
  await expect(failure).rejects.toMatchObject({ name: 'NoSuchKey', message: 'The key does not exist', status: 404 });
  expect(requests[0]!.url).toBe('http://127.0.0.1:4569/vitrine-results/results/org-1/gone.png?tagging=');
});
