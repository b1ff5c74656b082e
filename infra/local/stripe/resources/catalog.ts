/** /v1/products and /v1/prices: create, retrieve, update, list (prices by lookup_keys[], active, product). */
import { createdFilter, respond, respondList, type Route } from '../api';
import { mergeMetadata, previousAttributes, type Engine } from '../engine';
import { invalidRequest } from '../errors';
import type { FormParams } from '../form';
import {
  allowOnly,
  newMetadata,
  oneOf,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredString,
  stringArray,
} from '../params';
import { newId } from '../store';
import { wallClock } from '../time';
import type { Price, Product, Recurring } from '../types';

function createProduct(engine: Engine, params: FormParams, param = ''): Product {
  const name = requiredString(params, 'name', param ? `${param}[name]` : 'name');
  const id = optionalString(params, 'id');
  if (id && engine.store.state.objects[id]) {
    throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
  }
  const now = wallClock();
  const product: Product = {
    id: id ?? newId('prod'),
    object: 'product',
    active: optionalBoolean(params, 'active') ?? true,
    created: now,
    default_price: null,
    description: optionalString(params, 'description') ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: newMetadata(params),
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  };
  const features = params.marketing_features;
  if (Array.isArray(features)) {
    product.marketing_features = features.map((feature, index) => ({
      name: requiredString(feature as FormParams, 'name', `marketing_features[${index}][name]`),
    }));
  }
  engine.store.put(product);
  engine.emit('product.created', product);
  return product;
}

/** A lookup key names one price: taking it from another price needs `transfer_lookup_key=true`. */
function claimLookupKey(engine: Engine, price: Price, key: string | undefined, transfer: boolean): void {
  if (key === undefined) return;
  const holder = engine.store.all('price').find((each) => each.lookup_key === key && each.id !== price.id);
  if (holder) {
    if (!transfer) {
      throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
    }
    const before = structuredClone(holder);
    holder.lookup_key = null;
    engine.store.changed();
    engine.emit('price.updated', holder, { lookup_key: before.lookup_key });
  }
  price.lookup_key = key === '' ? null : key;
}

function recurringFrom(params: FormParams): Recurring | null {
  const recurring = optionalObject(params, 'recurring');
  if (!recurring) return null;
  const interval = oneOf(
    requiredString(recurring, 'interval', 'recurring[interval]'),
    ['day', 'week', 'month', 'year'] as const,
    'recurring[interval]',
  )!;
  const count = optionalInteger(recurring, 'interval_count', 'recurring[interval_count]') ?? 1;
  if (count < 1 || (interval === 'year' && count > 3) || (interval === 'month' && count > 36)) {
    throw invalidRequest('Invalid recurring[interval_count]', 'recurring[interval_count]');
  }
  return { interval, interval_count: count, meter: null, trial_period_days: null, usage_type: 'licensed' };
}

export const catalogRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/products$/,
    handle(context) {
      allowOnly(context.params, ['id', 'name', 'description', 'active', 'metadata', 'marketing_features']);
      return respond(context, createProduct(context.engine, context.params));
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/products\/([^/]+)$/,
    handle(context) {
      return respond(context, context.store.get('product', context.path[0]));
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/products\/([^/]+)$/,
    handle(context) {
      const { params } = context;
      allowOnly(params, ['name', 'description', 'active', 'metadata', 'default_price', 'marketing_features']);
      const product = context.store.get('product', context.path[0]);
      const before = structuredClone(product);
      const name = optionalString(params, 'name');
      if (name !== undefined) product.name = requiredString(params, 'name');
      const description = optionalString(params, 'description');
      if (description !== undefined) product.description = description || null;
      product.active = optionalBoolean(params, 'active') ?? product.active;
      product.metadata = mergeMetadata(product.metadata, params.metadata);
      const defaultPrice = optionalString(params, 'default_price');
      if (defaultPrice !== undefined) {
        product.default_price = defaultPrice ? context.store.get('price', defaultPrice, 'default_price').id : null;
      }
      if (Array.isArray(params.marketing_features)) {
        product.marketing_features = params.marketing_features.map((feature, index) => ({
          name: requiredString(feature as FormParams, 'name', `marketing_features[${index}][name]`),
        }));
      }
      product.updated = wallClock();
      context.store.changed();
      context.engine.emit('product.updated', product, previousAttributes(before, product));
      return respond(context, product);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/products$/,
    handle(context) {
      allowOnly(context.params, ['active', 'ids', 'created', 'limit', 'starting_after', 'ending_before']);
      const active = optionalBoolean(context.params, 'active');
      const ids = stringArray(context.params, 'ids');
      const created = createdFilter(context);
      const products = context.store
        .all('product')
        .filter(
          (product) =>
            (active === undefined || product.active === active) &&
            (ids.length === 0 || ids.includes(product.id)) &&
            created(product),
        );
      return respondList(context, products, '/v1/products');
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/prices$/,
    handle(context) {
      const { params, engine } = context;
      allowOnly(params, [
        'currency',
        'unit_amount',
        'product',
        'product_data',
        'recurring',
        'lookup_key',
        'transfer_lookup_key',
        'nickname',
        'metadata',
        'active',
        'tax_behavior',
      ]);
      const currency = requiredString(params, 'currency').toLowerCase();
      const unitAmount = optionalInteger(params, 'unit_amount');
      if (unitAmount === undefined)
        throw invalidRequest('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
      if (unitAmount < 0) throw invalidRequest('This value must be greater than or equal to 0.', 'unit_amount');
      const productData = optionalObject(params, 'product_data');
      const productId = optionalString(params, 'product');
      if (!productId && !productData)
        throw invalidRequest('Missing required param: product.', 'product', 'parameter_missing');
      const product = productId
        ? context.store.get('product', productId, 'product')
        : createProduct(engine, productData!, 'product_data');
      const recurring = recurringFrom(params);
      const price: Price = {
        id: newId('price'),
        object: 'price',
        active: optionalBoolean(params, 'active') ?? true,
        billing_scheme: 'per_unit',
        created: wallClock(),
        currency,
        custom_unit_amount: null,
        livemode: false,
        lookup_key: null,
        metadata: newMetadata(params),
        nickname: optionalString(params, 'nickname') ?? null,
        product: product.id,
        recurring,
        tax_behavior:
          oneOf(
            optionalString(params, 'tax_behavior'),
            ['unspecified', 'inclusive', 'exclusive'] as const,
            'tax_behavior',
          ) ?? 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: recurring ? 'recurring' : 'one_time',
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
      };
      claimLookupKey(
        engine,
        price,
        optionalString(params, 'lookup_key'),
        optionalBoolean(params, 'transfer_lookup_key') ?? false,
      );
      context.store.put(price);
      engine.emit('price.created', price);
      return respond(context, price);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/prices\/([^/]+)$/,
    handle(context) {
      return respond(context, context.store.get('price', context.path[0]));
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/prices\/([^/]+)$/,
    handle(context) {
      const { params, engine } = context;
      // Amounts, currency and interval are immutable on a price: Stripe rejects them as unknown here.
      allowOnly(params, ['active', 'metadata', 'lookup_key', 'transfer_lookup_key', 'nickname', 'tax_behavior']);
      const price = context.store.get('price', context.path[0]);
      const before = structuredClone(price);
      price.active = optionalBoolean(params, 'active') ?? price.active;
      price.metadata = mergeMetadata(price.metadata, params.metadata);
      const nickname = optionalString(params, 'nickname');
      if (nickname !== undefined) price.nickname = nickname || null;
      claimLookupKey(
        engine,
        price,
        optionalString(params, 'lookup_key'),
        optionalBoolean(params, 'transfer_lookup_key') ?? false,
      );
      context.store.changed();
      engine.emit('price.updated', price, previousAttributes(before, price));
      return respond(context, price);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/prices$/,
    handle(context) {
      const { params } = context;
      allowOnly(params, [
        'active',
        'currency',
        'product',
        'type',
        'lookup_keys',
        'recurring',
        'created',
        'limit',
        'starting_after',
        'ending_before',
      ]);
      const active = optionalBoolean(params, 'active');
      const currency = optionalString(params, 'currency')?.toLowerCase();
      const product = optionalString(params, 'product');
      const type = optionalString(params, 'type');
      const lookupKeys = stringArray(params, 'lookup_keys');
      if (lookupKeys.length > 10) throw invalidRequest('You may only specify up to 10 lookup keys.', 'lookup_keys');
      const recurring = optionalObject(params, 'recurring');
      const interval = recurring ? optionalString(recurring, 'interval', 'recurring[interval]') : undefined;
      const created = createdFilter(context);
      const prices = context.store
        .all('price')
        .filter(
          (price) =>
            (active === undefined || price.active === active) &&
            (currency === undefined || price.currency === currency) &&
            (product === undefined || price.product === product) &&
            (type === undefined || price.type === type) &&
            (lookupKeys.length === 0 || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
            (interval === undefined || price.recurring?.interval === interval) &&
            created(price),
        );
      return respondList(context, prices, '/v1/prices');
    },
  },
];
