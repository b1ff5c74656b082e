/**
 * dynalite's LevelDB after a stop. LevelDB replays its own log on open (a write it acknowledged is
 * never lost), and its repair salvages a database it cannot open. But dynalite writes an item's
 * global secondary index entries and the item itself as separate LevelDB writes, so a stop in
 * between leaves an index entry that the item no longer has, or lacks one it has: queries on
 * gsi1 (images of a project, the open transformations) would then list a ghost or miss an item.
 * The items are the truth: every index is checked against them and rewritten to match, in one
 * atomic LevelDB batch, before dynalite opens the database.
 */
import { createRequire } from 'node:module';
import { exists } from './files';

type Item = Record<string, unknown>;

interface TableDescription {
  GlobalSecondaryIndexes?: { IndexName: string }[];
}

interface LevelDatabase {
  open(): Promise<void>;
  close(): Promise<void>;
  get(key: string): Promise<unknown>;
  iterator(range: { gte: string; lt: string }): AsyncIterable<[string, unknown]>;
  batch(operations: ({ type: 'put'; key: string; value: unknown } | { type: 'del'; key: string })[]): Promise<void>;
}

interface DynaliteInternals {
  Level: {
    new (location: string, options: { valueEncoding: 'json' }): LevelDatabase;
    repair(location: string): Promise<void>;
  };
  getIndexActions: (
    indexes: TableDescription['GlobalSecondaryIndexes'],
    existingItem: undefined,
    item: Item,
    table: TableDescription,
  ) => { puts: { index: string; key: string; item: Item }[] };
}

/** dynalite's own modules: its LevelDB binding and the function that derives an item's index entries. */
function dynaliteInternals(): DynaliteInternals {
  const fromDynalite = createRequire(require.resolve('dynalite'));
  const { Level } = fromDynalite('level') as Pick<DynaliteInternals, 'Level'>;
  const { getIndexActions } = fromDynalite('./db') as Pick<DynaliteInternals, 'getIndexActions'>;
  return { Level, getIndexActions };
}

/** dynalite's key layout: `table~<name>`, `item-<name>~<key>`, `index-global~<name>~<index>~<key>`. */
const prefixes = (tableName: string) => ({
  table: `table~${tableName}`,
  items: `item-${tableName}~`,
  index: (indexName: string) => `index-global~${tableName}~${indexName}~`,
});

export async function recoverDynaliteStore(directory: string, tableName: string): Promise<string[]> {
  if (!(await exists(directory))) return [];
  const { Level, getIndexActions } = dynaliteInternals();
  const repairs: string[] = [];
  let db = new Level(directory, { valueEncoding: 'json' });
  try {
    await db.open();
  } catch {
    await Level.repair(directory);
    repairs.push('dynamodb: the database could not be opened; LevelDB repaired it');
    db = new Level(directory, { valueEncoding: 'json' });
    await db.open();
  }
  try {
    const keys = prefixes(tableName);
    const table = (await db.get(keys.table)) as TableDescription | undefined;
    const indexes = table?.GlobalSecondaryIndexes ?? [];
    if (!table || indexes.length === 0) return repairs;

    const expected = new Map<string, Item>();
    for await (const [, item] of db.iterator({ gte: keys.items, lt: `${keys.items}\xff` })) {
      for (const put of getIndexActions(indexes, undefined, item as Item, table).puts) {
        expected.set(`${keys.index(put.index)}${put.key}`, put.item);
      }
    }
    const operations: Parameters<LevelDatabase['batch']>[0] = [];
    for (const { IndexName } of indexes) {
      const prefix = keys.index(IndexName);
      let removed = 0;
      let rewritten = 0;
      for await (const [key, value] of db.iterator({ gte: prefix, lt: `${prefix}\xff` })) {
        const item = expected.get(key);
        expected.delete(key);
        if (!item) {
          operations.push({ type: 'del', key });
          removed++;
        } else if (JSON.stringify(item) !== JSON.stringify(value)) {
          operations.push({ type: 'put', key, value: item });
          rewritten++;
        }
      }
      const missing = [...expected.keys()].filter((key) => key.startsWith(prefix));
      for (const key of missing) operations.push({ type: 'put', key, value: expected.get(key) });
      if (removed + rewritten + missing.length > 0) {
        repairs.push(
          `dynamodb: index ${IndexName} matched to its items again (${missing.length} entries added, ${removed} removed, ${rewritten} updated)`,
        );
      }
    }
    if (operations.length > 0) await db.batch(operations);
    return repairs;
  } finally {
    await db.close();
  }
}
