import { contentTypeOfUrl } from '../download';

describe('contentTypeOfUrl (decision 091)', () => {
  it("tells a signed result URL's format from its key", () => {
    expect(contentTypeOfUrl('https://results.s3.test/results/org-1/tx-1.jpg?X-Amz-Signature=abc')).toBe('image/jpeg');
    expect(contentTypeOfUrl('https://results.s3.test/results/org-1/tx-1.png?X-Amz-Signature=abc')).toBe('image/png');
  });
});
