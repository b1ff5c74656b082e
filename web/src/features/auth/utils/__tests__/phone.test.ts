import { PHONE_PATTERN } from '@vitrine/shared';
import { toE164 } from '../phone';

describe('toE164', () => {
  it.each([
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+33612345678', '+33612345678'],
    ['06 12 34 56 78', '+33612345678'],
    ['06.12.34.56.78', '+33612345678'],
    ['06-12-34-56-78', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
    ['+33 (0)6 12 34 56 78', '+33612345678'],
    ['612345678', '+33612345678'],
    ['+32 470 12 34 56', '+32470123456'],
    ['  +1 (415) 555-0100 ', '+14155550100'],
  ])('normalises %p to %p', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it('always yields a plus followed by digits only for inputs the register form accepts', () => {
    for (const input of ['01 23 45 67 89', '+44 20 7946 0958', '(01) 23.45.67.89']) {
      expect(PHONE_PATTERN.test(input)).toBe(true);
      expect(toE164(input)).toMatch(/^\+\d{8,15}$/);
    }
  });
});
