import { readUploadSignature } from './upload-signature';

const object = { bucket: 'uploads-bucket', key: 'uploads/org-1/up-1' };
const signGetUrl = async (bucket: string, key: string) => `https://s3.test/${bucket}/${key}?signed`;

function fakeFetch(status: number, body: Uint8Array = new Uint8Array()) {
  const calls: { url: string; range: string | null }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, range: new Headers(init?.headers).get('range') });
    return new Response(status === 204 ? null : body, { status });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('readUploadSignature', () => {
  it('asks for the first 12 bytes of the object through a signed URL, and keeps no more', async () => {
    const jpeg = new Uint8Array(40).fill(7);
    jpeg.set([0xff, 0xd8, 0xff]);
    const { fetch, calls } = fakeFetch(200, jpeg);
    const bytes = await readUploadSignature(object, { signGetUrl, fetch });
    expect(calls).toEqual([{ url: 'https://s3.test/uploads-bucket/uploads/org-1/up-1?signed', range: 'bytes=0-11' }]);
    expect(Array.from(bytes!)).toEqual(Array.from(jpeg.subarray(0, 12)));
  });

  it('answers undefined for an object never uploaded (404, or 403 without ListBucket) or empty (416)', async () => {
    for (const status of [403, 404, 416]) {
      expect(await readUploadSignature(object, { signGetUrl, fetch: fakeFetch(status).fetch })).toBeUndefined();
    }
  });

  it('throws on another failure, so the start is answered 500 rather than a wrong refusal', async () => {
    await expect(readUploadSignature(object, { signGetUrl, fetch: fakeFetch(503).fetch })).rejects.toThrow(/503/);
  });
});
