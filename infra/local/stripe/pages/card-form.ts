/** The card fields of the hosted pages (number, MM/AA expiry, CVC, name) and their French errors. */
import type { CardInput } from '../resources/checkout';
import { escapeHtml } from './html';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardParse = { ok: true; card: CardInput } | { ok: false; error: string };

export function parseCard(form: URLSearchParams, now = new Date()): CardParse {
  const number = (form.get('cardNumber') ?? '').replace(/[\s-]/g, '');
  const expiry = (form.get('expiry') ?? '').replace(/\s/g, '');
  const cvc = (form.get('cvc') ?? '').trim();
  const name = (form.get('name') ?? '').trim();
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number))
    return { ok: false, error: 'Votre numéro de carte est invalide.' };
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12)
    return { ok: false, error: "La date d'expiration de votre carte est invalide (MM/AA)." };
  const year = 2000 + Number(match[2]);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { ok: false, error: "La date d'expiration de votre carte est dépassée." };
  }
  if (!/^\d{3,4}$/.test(cvc)) return { ok: false, error: 'Le code de sécurité de votre carte est invalide.' };
  if (!name) return { ok: false, error: 'Veuillez saisir le nom figurant sur la carte.' };
  return { ok: true, card: { number, expMonth: month, expYear: year, name } };
}

export const DECLINE_MESSAGES = {
  declined: 'Votre carte a été refusée.',
  insufficient_funds: 'Votre carte ne dispose pas de fonds suffisants.',
  unavailable: "Cette offre n'est plus disponible.",
} as const;

/** The fields, refilled with what was typed (except the CVC) after an error. */
export function cardFields(form?: URLSearchParams): string {
  const value = (key: string) => escapeHtml(form?.get(key) ?? '');
  return `<label for="cardNumber">Numéro de carte</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${value('cardNumber')}" required>
<div class="row"><div><label for="expiry">Date d'expiration (MM/AA)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/AA" value="${value('expiry')}" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
<label for="name">Nom sur la carte</label>
<input id="name" name="name" autocomplete="cc-name" value="${value('name')}" required>`;
}

export const CHECKOUT_CARDS_HINT =
  '<p class="muted">Cartes de test : 4242 4242 4242 4242 (acceptée), 4000 0000 0000 0002 (refusée). Toute date future, tout CVC.</p>';

export const PORTAL_CARDS_HINT =
  '<p class="muted">Cartes de test : 4242 4242 4242 4242 (acceptée), 4000 0000 0000 0341 (enregistrée, puis refusée aux prochains paiements), 4000 0000 0000 0002 (refusée).</p>';
