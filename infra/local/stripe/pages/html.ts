/** Shared bits of the hosted pages: escaping, the page frame, fr-FR amounts and dates. */
import type { Price } from '../types';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** '89,00 €' (fr-FR, with the narrow no-break space Intl puts before the symbol). */
export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

export function formatDate(seconds: number): string {
  return new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(new Date(seconds * 1000));
}

const INTERVALS: Record<string, [string, string]> = {
  day: ['jour', 'jours'],
  week: ['semaine', 'semaines'],
  month: ['mois', 'mois'],
  year: ['an', 'ans'],
};

/** '89,00 € par mois', '890,00 € tous les 3 mois'. */
export function formatPrice(price: Price): string {
  const amount = formatAmount(price.unit_amount, price.currency);
  if (!price.recurring) return amount;
  const [one, many] = INTERVALS[price.recurring.interval] ?? ['mois', 'mois'];
  return price.recurring.interval_count === 1
    ? `${amount} par ${one}`
    : `${amount} tous les ${price.recurring.interval_count} ${many}`;
}

export const LOCAL_BADGE = 'Paiement de test (Stripe local)';

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe local</title>
<style>
body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#f6f8fa}
main{background:#fff;border:1px solid #d8dee4;border-radius:.75rem;padding:1.5rem}
.badge{display:inline-block;background:#fff4d6;color:#7a4d00;border:1px solid #f0c36d;border-radius:999px;padding:.15rem .7rem;font-size:.8rem;font-weight:600}
h1{font-size:1.4rem;margin:.75rem 0}h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600;font-size:.9rem}
input{width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #adb5bd;border-radius:.4rem;font-size:1rem}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:.4rem;background:#635bff;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#635bff;border:1px solid #635bff}
.error{color:#b42318;background:#fef3f2;border:1px solid #fda29b;border-radius:.4rem;padding:.6rem;margin:.75rem 0}
.info{color:#05603a;background:#ecfdf3;border:1px solid #6ce9a6;border-radius:.4rem;padding:.6rem;margin:.75rem 0}
.muted{color:#57606a;font-size:.85rem}.amount{font-size:1.6rem;font-weight:700}
ul.plans{list-style:none;padding:0}ul.plans li{border:1px solid #d8dee4;border-radius:.5rem;padding:.75rem;margin:.5rem 0}
</style></head><body><main>
<span class="badge">${LOCAL_BADGE}</span>
${body}
</main></body></html>`;
}
