/** fr-FR formatting shared by every screen. */
const currencyFormatters = new Map<string, Intl.NumberFormat>();

/** Formats an amount in cents, e.g. 2900 -> '29,00 €'. */
export function formatPrice(amountInCents: number, currency = 'eur'): string {
  const code = currency.toUpperCase();
  let formatter = currencyFormatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: code });
    currencyFormatters.set(code, formatter);
  }
  return formatter.format(amountInCents / 100);
}

const dateFormatter = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

export function formatDate(iso: string | Date): string {
  return dateFormatter.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const dateTimeFormatter = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A date with its time, e.g. '6 mars 2026 à 09:00', for events minutes apart (webhook attempts). */
export function formatDateTime(iso: string | Date): string {
  return dateTimeFormatter.format(typeof iso === 'string' ? new Date(iso) : iso);
}

export function formatInterval(interval: 'month' | 'year'): string {
  return interval === 'month' ? 'mois' : 'an';
}
