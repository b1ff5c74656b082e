import type { GetUrlOptions } from '../lib/aws/presign-get';
import { transformationView, RESULT_URL_EXPIRY_SECONDS, type TransformationState } from './transformation-status';

const base: TransformationState = {
  id: 'tx-1',
  type: 'sky-replacement',
  options: { sky_type: 'night' },
  status: 'processing',
  originalBucket: 'uploads',
  originalKey: 'normalised/org-1/tx-1.jpg',
};

const signed: [string, string, number][] = [];
const sign = async (bucket: string, key: string, options?: GetUrlOptions) => {
  signed.push([bucket, key, options?.expiresIn ?? NaN]);
  return `https://signed/${bucket}/${key}`;
};

beforeEach(() => {
  signed.length = 0;
});

describe('transformationView', () => {
  it('gives the original only while the transformation runs', async () => {
    const view = await transformationView(base, 7, sign);
    expect(view).toEqual({
      id: 'tx-1',
      type: 'sky-replacement',
      options: { sky_type: 'night' },
      status: 'processing',
      originalUrl: 'https://signed/uploads/normalised/org-1/tx-1.jpg',
      simulated: false,
      creditBalance: 7,
    });
    expect(signed).toEqual([['uploads', 'normalised/org-1/tx-1.jpg', RESULT_URL_EXPIRY_SECONDS]]);
    expect(RESULT_URL_EXPIRY_SECONDS).toBeLessThanOrEqual(15 * 60);
  });

  it('adds the signed result once succeeded, and says when it was simulated', async () => {
    const view = await transformationView(
      { ...base, status: 'succeeded', resultBucket: 'results', resultKey: 'results/org-1/tx-1.png', simulated: true },
      6,
      sign,
    );
    expect(view).toMatchObject({
      status: 'succeeded',
      resultUrl: 'https://signed/results/results/org-1/tx-1.png',
      simulated: true,
    });
    expect(view).not.toHaveProperty('message');
    expect(view).not.toHaveProperty('code');
  });

  it('tells its group of variants and seed, and once succeeded who rendered it (decision 065)', async () => {
    const variant = { ...base, groupId: 'tx-0', variant: 2, variantCount: 3, seed: 4_000_000_001 };
    const running = await transformationView({ ...variant, provider: 'bedrock' }, 6, sign);
    expect(running).toMatchObject({ groupId: 'tx-0', variant: 2, variantCount: 3, seed: 4_000_000_001 });
    expect(running).not.toHaveProperty('provider');
    const done = await transformationView(
      {
        ...variant,
        status: 'succeeded',
        resultBucket: 'results',
        resultKey: 'results/org-1/tx-1.png',
        provider: 'bedrock',
        model: 'amazon.nova-canvas-v1:0',
      },
      6,
      sign,
    );
    expect(done).toMatchObject({ provider: 'bedrock', model: 'amazon.nova-canvas-v1:0', seed: 4_000_000_001 });
    // A record made before seeds and variants: nothing is made up.
    const legacy = await transformationView(base, 6, sign);
    for (const field of ['groupId', 'variant', 'variantCount', 'seed', 'provider', 'model']) {
      expect(legacy).not.toHaveProperty(field);
    }
  });

  it('signs no original before validation wrote the clean one, nor after it failed', async () => {
    const { originalKey: _validated, ...unvalidated } = base;
    for (const status of ['queued', 'processing', 'failed'] as const) {
      const view = await transformationView({ ...unvalidated, status }, 7, sign);
      expect(view).not.toHaveProperty('originalUrl');
    }
    expect(signed).toEqual([]);
  });

  it('gives the code and French message of a failure and no result', async () => {
    const view = await transformationView(
      {
        ...base,
        status: 'failed',
        code: 'IMAGE_REJECTED',
        message: 'Aucun ciel détecté.',
        resultBucket: 'results',
        resultKey: 'x.png',
      },
      7,
      sign,
    );
    expect(view).toMatchObject({ status: 'failed', code: 'IMAGE_REJECTED', message: 'Aucun ciel détecté.' });
    expect(view).not.toHaveProperty('resultUrl');
  });
});
