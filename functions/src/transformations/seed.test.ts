import { newSeed, SEED_RANGE } from './seed';

describe('newSeed', () => {
  it('reads a uint32 from 4 random bytes, covering the whole range', () => {
    expect(newSeed(() => Buffer.from([0, 0, 0, 0]))).toBe(SEED_RANGE.min);
    expect(newSeed(() => Buffer.from([0xff, 0xff, 0xff, 0xff]))).toBe(SEED_RANGE.max);
    expect(newSeed(() => Buffer.from([0x12, 0x34, 0x56, 0x78]))).toBe(0x12345678);
  });

  it('draws from the CSPRNG by default: 1,000 draws are distinct integers in range', () => {
    const seeds = Array.from({ length: 1000 }, () => newSeed());
    expect(seeds.every((seed) => Number.isInteger(seed) && seed >= SEED_RANGE.min && seed <= SEED_RANGE.max)).toBe(
      true,
    );
    expect(new Set(seeds).size).toBeGreaterThan(995);
  });
});
