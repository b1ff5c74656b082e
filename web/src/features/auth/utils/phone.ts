/** Default country of national numbers typed without a prefix (France). */
const DEFAULT_COUNTRY_CODE = '33';

/**
 * Cognito wants phone_number in E.164. Accepts what the register form allows
 * ('+33 6 12 34 56 78', '06.12.34.56.78', '(0)6 12 34 56 78', '0033 6...') and returns
 * '+33612345678'. A national number starting with 0 (or a bare 9-digit one) is French.
 */
export function toE164(input: string): string {
  const trimmed = input.trim();
  const hasPlus = trimmed.startsWith('+');
  let digits = trimmed.replace(/\D/g, '');
  if (hasPlus) {
    // '+33 (0)6 12…': the trunk 0 in parentheses is not dialled internationally.
    if (/^\+\d{2,3}\s*\(0\)/.test(trimmed)) digits = digits.replace(/^(\d{2,3})0/, '$1');
    return `+${digits}`;
  }
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `+${DEFAULT_COUNTRY_CODE}${digits.slice(1)}`;
  if (digits.length === 9) return `+${DEFAULT_COUNTRY_CODE}${digits}`;
  return `+${digits}`;
}
