/**
 * The hosted Checkout page (`/c/pay/<session id>`), in French: the plan, its amount, the card
 * fields; a POST pays the session and redirects to success_url, or shows the decline and keeps
 * the session open.
 */
import type { ServerResponse } from 'node:http';
import type { Billing } from '../billing';
import type { Engine } from '../engine';
import { expireIfDue, payCheckoutSession } from '../resources/checkout';
import type { CheckoutSession } from '../types';
import { CHECKOUT_CARDS_HINT, DECLINE_MESSAGES, cardFields, parseCard } from './card-form';
import { escapeHtml, formatAmount, formatPrice, page } from './html';

function closedPage(session: CheckoutSession): string {
  const message =
    session.status === 'complete' ? 'Ce paiement a déjà été effectué.' : 'Cette session de paiement a expiré.';
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Retour</a></p>` : '';
  return page('Paiement', `<h1>Paiement</h1><p class="info">${message}</p>${back}`);
}

function checkoutPage(engine: Engine, session: CheckoutSession, error?: string, form?: URLSearchParams): string {
  const lines = session._line_items.map((item) => {
    const price = engine.store.get('price', item.price);
    const product = engine.store.find('product', price.product);
    const quantity = item.quantity > 1 ? ` × ${item.quantity}` : '';
    return `<p><strong>${escapeHtml(product?.name ?? price.product)}</strong>${quantity}<br><span class="muted">${escapeHtml(formatPrice(price))}</span></p>`;
  });
  const total = formatAmount(session.amount_total, session.currency);
  const email =
    session.customer_email ?? (session.customer ? engine.store.find('customer', session.customer)?.email : null);
  return page(
    'Paiement',
    `<h1>S'abonner</h1>
${lines.join('\n')}
<p class="amount">${escapeHtml(total)}</p>
${email ? `<p class="muted">${escapeHtml(email)}</p>` : ''}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/c/pay/${escapeHtml(session.id)}">
${cardFields(form)}
<button type="submit">Payer ${escapeHtml(total)}</button>
</form>
${CHECKOUT_CARDS_HINT}
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Retour</a></p>` : ''}`,
  );
}

function html(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
}

export async function serveCheckoutPage(
  engine: Engine,
  billing: Billing,
  method: string,
  sessionId: string,
  body: string,
  response: ServerResponse,
): Promise<void> {
  const session = engine.store.find('checkout.session', sessionId);
  if (!session) return html(response, 404, page('Paiement', '<h1>Session de paiement introuvable.</h1>'));
  expireIfDue(engine, session);
  if (session.status !== 'open') return html(response, method === 'POST' ? 409 : 200, closedPage(session));
  if (method !== 'POST') return html(response, 200, checkoutPage(engine, session));
  const form = new URLSearchParams(body);
  const parsed = parseCard(form);
  if (!parsed.ok) return html(response, 400, checkoutPage(engine, session, parsed.error, form));
  const result = payCheckoutSession(engine, billing, session, parsed.card);
  // Saved before answering: the redirect says paid, and a stop right after it must not undo that.
  await engine.store.persisted();
  if (!result.ok) {
    if (result.reason === 'expired' || result.reason === 'complete') return html(response, 409, closedPage(session));
    return html(response, 402, checkoutPage(engine, session, DECLINE_MESSAGES[result.reason], form));
  }
  if (result.redirect) {
    response.writeHead(303, { location: result.redirect });
    response.end();
    return;
  }
  html(response, 200, page('Paiement', '<h1>Paiement réussi</h1><p class="info">Votre abonnement est actif.</p>'));
}
