import { isHeifSignature, sniffImageType } from './image-signature';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('sniffImageType', () => {
  it('tells JPEG, PNG and WEBP from their first bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBP'))).toBe('image/webp');
  });

  it('refuses text renamed .jpg, a RIFF that is not WEBP, a HEIC and too few bytes', () => {
    expect(sniffImageType(bytes('Bonjour, ceci est un texte'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
    expect(sniffImageType(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
  });
});

describe('isHeifSignature', () => {
  it('knows the HEIF brands of iPhones and cameras, not other ISO media files', () => {
    expect(isHeifSignature(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBe(true);
    expect(isHeifSignature(bytes([0, 0, 0, 0x18], 'ftypmif1'))).toBe(true);
    expect(isHeifSignature(bytes([0, 0, 0, 0x18], 'ftypisom'))).toBe(false);
    expect(isHeifSignature(bytes([0xff, 0xd8, 0xff]))).toBe(false);
  });
});
