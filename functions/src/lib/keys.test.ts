import { gsi1Keys, keys, SK_PREFIX } from './keys';

// The layout of docs/architecture.md ("Data model"): changing a key orphans every stored item.
describe('table keys', () => {
  it('builds the documented primary keys', () => {
    expect(keys.user('sub-1')).toEqual({ pk: 'USER#sub-1', sk: 'PROFILE' });
    expect(keys.organization('o1')).toEqual({ pk: 'ORG#o1', sk: 'ORG' });
    expect(keys.organizationStats('o1')).toEqual({ pk: 'ORG#o1', sk: 'STATS' });
    expect(keys.ledger('o1', 'tx-1', 'reserve')).toEqual({ pk: 'ORG#o1', sk: 'LEDGER#tx-1#reserve' });
    expect(keys.transformation('o1', 'tx-1')).toEqual({ pk: 'ORG#o1', sk: 'TX#tx-1' });
    expect(keys.upload('o1', 'up-1')).toEqual({ pk: 'ORG#o1', sk: 'UPLOAD#up-1' });
    expect(keys.project('o1', 'p-1')).toEqual({ pk: 'ORG#o1', sk: 'PROJECT#p-1' });
    expect(keys.image('o1', 'i-1')).toEqual({ pk: 'ORG#o1', sk: 'IMAGE#i-1' });
    expect(keys.ledger('o1', 'in_1', 'grant')).toEqual({ pk: 'ORG#o1', sk: 'LEDGER#in_1#grant' });
    expect(keys.stripeEvent('evt_1')).toEqual({ pk: 'STRIPE_EVENT#evt_1', sk: 'EVENT' });
    expect(keys.invitation('o1', 'inv-1')).toEqual({ pk: 'ORG#o1', sk: 'INVITATION#inv-1' });
    expect(keys.idempotencyKey('o1', 'key-1234')).toEqual({ pk: 'ORG#o1', sk: 'IDEMPOTENCY#key-1234' });
    expect(keys.shareLink('o1', 's-1')).toEqual({ pk: 'ORG#o1', sk: 'SHARE#s-1' });
    expect(keys.apiKey('ab12')).toEqual({ pk: 'APIKEY#ab12', sk: 'APIKEY' });
    expect(keys.disclosureMark('o1')).toEqual({ pk: 'ORG#o1', sk: 'DISCLOSURE_MARK' });
    expect(keys.originalLink('o1', 'tx-1')).toEqual({ pk: 'ORG#o1', sk: 'ORIGINAL_LINK#tx-1' });
    expect(keys.webhookEndpoint('o1', 'w1')).toEqual({ pk: 'ORG#o1', sk: 'WEBHOOK#w1' });
    expect(keys.webhookDelivery('o1', 'd1')).toEqual({ pk: 'ORG#o1', sk: 'WHDELIVERY#d1' });
  });

  it('keeps every organization-owned item in its organization partition, under its prefix', () => {
    const owned = [
      [keys.ledger('o1', 'tx', 'refund'), SK_PREFIX.ledger],
      [keys.transformation('o1', 'tx'), SK_PREFIX.transformation],
      [keys.upload('o1', 'up'), SK_PREFIX.upload],
      [keys.project('o1', 'p'), SK_PREFIX.project],
      [keys.image('o1', 'i'), SK_PREFIX.image],
      [keys.invitation('o1', 'inv'), SK_PREFIX.invitation],
      [keys.shareLink('o1', 's'), SK_PREFIX.shareLink],
      [keys.webhookEndpoint('o1', 'w'), SK_PREFIX.webhookEndpoint],
      [keys.webhookDelivery('o1', 'd'), SK_PREFIX.webhookDelivery],
    ] as const;
    for (const [key, prefix] of owned) {
      expect(key.pk).toBe(keys.organizationPartition('o1'));
      expect(key.sk.startsWith(prefix)).toBe(true);
    }
  });

  it('builds the documented gsi1 keys', () => {
    expect(gsi1Keys.member('o1', 'a@b.fr')).toEqual({ gsi1pk: 'ORG#o1', gsi1sk: 'USER#a@b.fr' });
    expect(gsi1Keys.stripeCustomer('cus_1')).toEqual({ gsi1pk: 'STRIPE#cus_1', gsi1sk: 'ORG' });
    expect(gsi1Keys.invitationToken('ab12')).toEqual({ gsi1pk: 'INVITATION_TOKEN#ab12', gsi1sk: 'INVITATION' });
    expect(gsi1Keys.shareToken('cd34')).toEqual({ gsi1pk: 'SHARE_TOKEN#cd34', gsi1sk: 'SHARE' });
    expect(gsi1Keys.originalToken('ef56')).toEqual({ gsi1pk: 'ORIGINAL_TOKEN#ef56', gsi1sk: 'ORIGINAL_LINK' });
    expect(gsi1Keys.image('o1', 'p-1', '2026-01-01T00:00:00.000Z', 'i-1')).toEqual({
      gsi1pk: 'ORG#o1#IMAGES#p-1',
      gsi1sk: '2026-01-01T00:00:00.000Z#i-1',
    });
    expect(gsi1Keys.imagePlace('o1', null)).toBe('ORG#o1#IMAGES#NONE');
    expect(gsi1Keys.apiKey('o1', '2026-01-01T00:00:00.000Z', 'k-1')).toEqual({
      gsi1pk: 'ORG#o1#APIKEYS',
      gsi1sk: '2026-01-01T00:00:00.000Z#k-1',
    });
    expect(gsi1Keys.webhookDelivery('o1', '2026-01-01T00:00:00.000Z', 'd-1')).toEqual({
      gsi1pk: 'ORG#o1#WHDELIVERIES',
      gsi1sk: '2026-01-01T00:00:00.000Z#d-1',
    });
    expect(gsi1Keys.openTransformation('2026-01-01T00:00:00.000Z', 'o1', 'tx-1')).toEqual({
      gsi1pk: 'TX_OPEN',
      gsi1sk: '2026-01-01T00:00:00.000Z#o1#tx-1',
    });
    expect(gsi1Keys.transformationHistory('o1')).toBe('ORG#o1#TX_HISTORY');
  });
});
