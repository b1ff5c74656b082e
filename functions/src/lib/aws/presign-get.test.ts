/** Our presigned GET URLs are the SDK's, character for character, so S3 accepts them as it does those. */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { getUrlSigner } from './presign-get';

const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'token/+=',
};
const signingDate = new Date('2026-03-04T05:06:07Z');
const keys = ['thumbnails/org-1/tx-1/result.webp', "results/o/a b+c!'()*é.png", 'normalised/ORG#1/x.jpg'];

describe('getUrlSigner', () => {
  it.each([
    ['AWS, virtual-hosted', { region: 'eu-west-3' }],
    [
      'an endpoint override, path-style (s3rver)',
      { region: 'eu-west-3', endpoint: 'http://127.0.0.1:4569', forcePathStyle: true },
    ],
  ])('signs the URL the SDK signs: %s', async (_, config) => {
    const sdk = new S3Client({
      ...config,
      credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const ours = getUrlSigner({ ...config, credentials: async () => credentials });
    for (const key of keys) {
      const expected = await getSignedUrl(sdk, new GetObjectCommand({ Bucket: 'vitrine-results', Key: key }), {
        expiresIn: 600,
        signingDate,
      });
      expect(await ours('vitrine-results', key, { expiresIn: 600, signingDate })).toBe(expected);
    }
    sdk.destroy();
  });

  it('signs without a session token (long-term keys) as the SDK does', async () => {
    const longTerm = { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey };
    const sdk = new S3Client({
      region: 'eu-west-3',
      credentials: longTerm,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const command = new GetObjectCommand({ Bucket: 'vitrine-results', Key: keys[0] });
    const expected = await getSignedUrl(sdk, command, { signingDate });
    const ours = getUrlSigner({ region: 'eu-west-3', credentials: async () => longTerm });
    expect(await ours('vitrine-results', keys[0]!, { signingDate })).toBe(expected);
    sdk.destroy();
  });
});
