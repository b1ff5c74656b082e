/**
 * The seed of one transformation's render (decision 065): a uniformly random uint32 from the
 * platform's CSPRNG, drawn once per transformation when it starts and stored on its record. Every
 * variant and every regeneration is a new transformation, so each gets its own seed; a fixed seed
 * made a regeneration return the same image for a new credit.
 */
import { randomBytes } from 'node:crypto';

export const SEED_RANGE = { min: 0, max: 0xffff_ffff } as const;

export function newSeed(random: (size: number) => Buffer = randomBytes): number {
  return random(4).readUInt32BE(0);
}
