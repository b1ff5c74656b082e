/**
 * The hosted customer portal (`/p/session/<id>`), in French: the current plan, a change of plan
 * among the active recurring prices that carry a lookup key (at once, prorations invoiced),
 * cancellation at period end (and its undo), a new card, and the way back to return_url.
 */
import type { ServerResponse } from 'node:http';
import type { Billing } from '../billing';
import type { Engine } from '../engine';
import { cardOutcome } from '../resources/checkout';
import type { PortalSession, Price, Subscription } from '../types';
import { DECLINE_MESSAGES, PORTAL_CARDS_HINT, cardFields, parseCard } from './card-form';
import { escapeHtml, formatDate, formatPrice, page } from './html';

const STATUS_LABELS: Record<string, string> = {
  active: 'Actif',
  past_due: 'Paiement en retard',
  unpaid: 'Impayé',
  incomplete: 'Paiement en attente',
  trialing: "Période d'essai",
  paused: 'En pause',
};

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

const NOTICES: Record<string, string> = {
  plan: 'Votre abonnement a été modifié.',
  canceled: 'Votre abonnement sera résilié à la fin de la période en cours.',
  renewed: 'Votre abonnement a été réactivé.',
  card: 'Votre carte a été mise à jour.',
};

/** The subscription the portal manages: the customer's newest one that has not ended. */
function currentSubscription(engine: Engine, customerId: string): Subscription | undefined {
  return engine.store
    .all('subscription')
    .find((subscription) => subscription.customer === customerId && STATUS_LABELS[subscription.status] !== undefined);
}

function offeredPrices(engine: Engine, currency: string): Price[] {
  return engine.store
    .all('price')
    .filter(
      (price) =>
        price.active &&
        price.recurring !== null &&
        price.lookup_key !== null &&
        price.currency === currency &&
        engine.store.find('product', price.product)?.active !== false,
    )
    .sort((a, b) => a.unit_amount - b.unit_amount);
}

function productName(engine: Engine, price: Price): string {
  return engine.store.find('product', price.product)?.name ?? price.product;
}

function portalPage(
  engine: Engine,
  session: PortalSession,
  notice?: string,
  error?: string,
  form?: URLSearchParams,
): string {
  const base = `/p/session/${escapeHtml(session.id)}`;
  const subscription = currentSubscription(engine, session.customer);
  const back = session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Retour</a></p>` : '';
  const messages = `${notice ? `<p class="info" role="status">${escapeHtml(notice)}</p>` : ''}${
    error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''
  }`;
  if (!subscription) {
    return page('Abonnement', `<h1>Votre abonnement</h1>${messages}<p>Aucun abonnement en cours.</p>${back}`);
  }
  const item = subscription.items.data[0]!;
  const price = engine.store.get('price', item.price.id);
  const customer = engine.store.get('customer', subscription.customer);
  const paymentMethodId = subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
  const card = paymentMethodId ? engine.store.find('payment_method', paymentMethodId)?.card : undefined;
  const renewal = subscription.cancel_at_period_end
    ? `Se termine le ${formatDate(item.current_period_end)}`
    : `Prochain renouvellement le ${formatDate(item.current_period_end)}`;
  const plans = offeredPrices(engine, subscription.currency)
    .filter((each) => each.id !== price.id)
    .map(
      (each) => `<li><strong>${escapeHtml(productName(engine, each))}</strong> · ${escapeHtml(formatPrice(each))}
<form method="post" action="${base}/plan"><input type="hidden" name="price" value="${escapeHtml(each.id)}">
<button type="submit" class="secondary">Choisir ${escapeHtml(productName(engine, each))}</button></form></li>`,
    );
  const cancelForm = subscription.cancel_at_period_end
    ? `<form method="post" action="${base}/renew"><button type="submit">Réactiver l'abonnement</button></form>`
    : `<form method="post" action="${base}/cancel"><button type="submit" class="secondary">Résilier l'abonnement</button></form>`;
  return page(
    'Abonnement',
    `<h1>Votre abonnement</h1>
${messages}
<h2>Offre actuelle</h2>
<p><strong>${escapeHtml(productName(engine, price))}</strong> · ${escapeHtml(formatPrice(price))}</p>
<p>Statut : ${escapeHtml(STATUS_LABELS[subscription.status] ?? subscription.status)}<br>${escapeHtml(renewal)}</p>
${plans.length ? `<h2>Changer d'offre</h2><ul class="plans">${plans.join('\n')}</ul>` : ''}
<h2>Moyen de paiement</h2>
<p>${card ? `Carte ${escapeHtml(BRANDS[card.brand] ?? card.brand)} se terminant par ${escapeHtml(card.last4)}` : 'Aucune carte enregistrée.'}</p>
<form method="post" action="${base}/card">
${cardFields(form)}
<button type="submit">Mettre à jour la carte</button>
</form>
${PORTAL_CARDS_HINT}
<h2>Résiliation</h2>
${cancelForm}
${back}`,
  );
}

function html(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
}

/** Runs one portal action; a French error when it cannot be done. */
function act(
  engine: Engine,
  billing: Billing,
  session: PortalSession,
  action: string,
  form: URLSearchParams,
): string | undefined {
  engine.request = null;
  const subscription = currentSubscription(engine, session.customer);
  if (action === 'card') {
    const parsed = parseCard(form);
    if (!parsed.ok) return parsed.error;
    const outcome = cardOutcome(parsed.card);
    // 0341 is accepted when saved and fails when charged; the others decline at once.
    if (!outcome.ok && !parsed.card.number.endsWith('0341')) {
      return DECLINE_MESSAGES[outcome.declineCode === 'insufficient_funds' ? 'insufficient_funds' : 'declined'];
    }
    const number = parsed.card.number;
    const paymentMethod = engine.attachCard(session.customer, {
      brand: number.startsWith('4') ? 'visa' : 'mastercard',
      last4: number.slice(-4),
      expMonth: parsed.card.expMonth,
      expYear: parsed.card.expYear,
      name: parsed.card.name,
    });
    const customer = engine.store.get('customer', session.customer);
    engine.updateCustomer(customer, (draft) => {
      draft.invoice_settings.default_payment_method = paymentMethod.id;
    });
    if (subscription) billing.update(subscription, { defaultPaymentMethod: paymentMethod.id });
    // A new card settles what is overdue, as the portal does.
    billing.retryOpenInvoices(session.customer);
    return undefined;
  }
  if (!subscription) return 'Aucun abonnement en cours.';
  if (action === 'plan') {
    const price = engine.store.find('price', form.get('price') ?? '');
    if (!price || !offeredPrices(engine, subscription.currency).some((each) => each.id === price.id)) {
      return "Cette offre n'est pas disponible.";
    }
    billing.update(subscription, {
      items: [{ id: subscription.items.data[0]?.id, price: price.id }],
      prorationBehavior: 'always_invoice',
    });
    return undefined;
  }
  if (action === 'cancel' || action === 'renew') {
    billing.update(subscription, { cancelAtPeriodEnd: action === 'cancel' });
    return undefined;
  }
  return 'Action inconnue.';
}

export async function servePortalPage(
  engine: Engine,
  billing: Billing,
  method: string,
  sessionId: string,
  action: string | undefined,
  query: URLSearchParams,
  body: string,
  response: ServerResponse,
): Promise<void> {
  const session = engine.store.find('billing_portal.session', sessionId);
  if (!session) return html(response, 404, page('Abonnement', '<h1>Session introuvable ou expirée.</h1>'));
  if (method !== 'POST' || !action) {
    return html(response, 200, portalPage(engine, session, NOTICES[query.get('done') ?? '']));
  }
  const form = new URLSearchParams(body);
  const error = act(engine, billing, session, action, form);
  if (error)
    return html(response, 400, portalPage(engine, session, undefined, error, action === 'card' ? form : undefined));
  const done = { plan: 'plan', cancel: 'canceled', renew: 'renewed', card: 'card' }[action] ?? '';
  await engine.store.persisted();
  response.writeHead(303, { location: `/p/session/${session.id}?done=${done}` });
  response.end();
}
