/**
 * The stand-in's state: every object by id, idempotent responses, pending prorations and the
 * webhook queue, in one JSON file under `<dataDir>` written atomically (temp file + rename) after
 * each change, so a restart keeps customers, subscriptions and undelivered events.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { resourceMissing } from './errors';
import type { ApiObject, InvoiceLine } from './types';

export interface StoredResponse {
  /** The request the key was first used with: same key, other request = idempotency_error. */
  fingerprint: string;
  status: number;
  body: string;
  created: number;
}

export interface QueuedDelivery {
  eventId: string;
  attempts: number;
  /** Epoch milliseconds. */
  nextAttemptAt: number;
}

export interface StandInState {
  version: 1;
  apiKey: string;
  webhookSigningSecret: string;
  objects: Record<string, ApiObject>;
  idempotency: Record<string, StoredResponse>;
  /** Proration lines made with `proration_behavior=create_prorations`, billed on the next invoice. */
  pendingProrations: Record<string, InvoiceLine[]>;
  webhookQueue: QueuedDelivery[];
  invoiceCount: number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** Stripe-style id: `cus_` + 24 characters (`cs_test_`, `bps_test_`... for the test-mode ones). */
export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

type ObjectOf<K extends ApiObject['object']> = Extract<ApiObject, { object: K }>;

const KIND_NAMES: Partial<Record<ApiObject['object'], string>> = {
  'checkout.session': 'checkout.session',
  'billing_portal.session': 'billing_portal.session',
  'test_helpers.test_clock': 'test_clock',
};

export class Store {
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;

  private constructor(
    private readonly file: string,
    readonly state: StandInState,
    private readonly log: (line: string) => void,
  ) {}

  static async open(directory: string, log: (line: string) => void = () => undefined): Promise<Store> {
    await mkdir(directory, { recursive: true });
    const file = path.join(directory, 'state.json');
    let state: StandInState;
    try {
      state = JSON.parse(await readFile(file, 'utf8')) as StandInState;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      state = {
        version: 1,
        apiKey: `sk_test_local_${randomToken(32)}`,
        webhookSigningSecret: `whsec_${randomToken(32)}`,
        objects: {},
        idempotency: {},
        pendingProrations: {},
        webhookQueue: [],
        invoiceCount: 0,
      };
    }
    const store = new Store(file, state, log);
    await store.save();
    return store;
  }

  put<T extends ApiObject>(object: T): T {
    this.state.objects[object.id] = object;
    this.changed();
    return object;
  }

  find<K extends ApiObject['object']>(kind: K, id: string): ObjectOf<K> | undefined {
    const object = this.state.objects[id];
    return object?.object === kind ? (object as ObjectOf<K>) : undefined;
  }

  /** The object, or Stripe's resource_missing error (404 for a path id, 400 for a parameter). */
  get<K extends ApiObject['object']>(kind: K, id: string, param?: string): ObjectOf<K> {
    const object = this.find(kind, id);
    if (!object) throw resourceMissing(KIND_NAMES[kind] ?? kind, id, param ?? 'id', param ? 400 : 404);
    return object;
  }

  /** Newest first, as Stripe lists: by `created`, then by creation order. */
  all<K extends ApiObject['object']>(kind: K): ObjectOf<K>[] {
    const objects = Object.values(this.state.objects).filter((object): object is ObjectOf<K> => object.object === kind);
    return objects.reverse().sort((a, b) => b.created - a.created);
  }

  remove(id: string): void {
    delete this.state.objects[id];
    this.changed();
  }

  /** Marks the state changed; the write happens once per tick, atomically. */
  changed(): void {
    if (this.dirty) return;
    this.dirty = true;
    this.saving = this.saving.then(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      this.dirty = false;
      // A failed write must not stop later ones: the next change writes the whole state again.
      await this.write().catch((error: unknown) => this.log(`[stripe] could not save ${this.file}: ${String(error)}`));
    });
  }

  /**
   * Waits for the writes already scheduled (none when nothing changed). Every answer to a request
   * that changed the state waits for it: a stop right after the answer must not lose what it said.
   */
  persisted(): Promise<void> {
    return this.saving;
  }

  /** Waits for every pending write. */
  async save(): Promise<void> {
    if (!this.dirty) this.changed();
    await this.saving;
  }

  private async write(): Promise<void> {
    const temporary = `${this.file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(this.state));
    await rename(temporary, this.file);
  }
}
