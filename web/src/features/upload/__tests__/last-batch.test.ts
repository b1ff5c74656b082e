import { forgetBatch, recallBatch, rememberBatch, RESULT_RETENTION_DAYS } from '../last-batch';
import { withoutDuplicates } from '../file-acceptance';

const day = 24 * 60 * 60 * 1000;
const results = [{ transformationId: 'tx-1', fileName: 'salon.png' }];

describe('last batch', () => {
  beforeEach(() => localStorage.clear());

  it('is recalled per user until the unsaved results expire', () => {
    const savedAt = new Date('2026-11-01T10:00:00Z');
    rememberBatch('u1', results, savedAt);
    expect(recallBatch('u2', savedAt)).toBeNull();
    expect(recallBatch('u1', new Date(savedAt.getTime() + RESULT_RETENTION_DAYS * day))?.results).toEqual(results);
    expect(recallBatch('u1', new Date(savedAt.getTime() + RESULT_RETENTION_DAYS * day + 1))).toBeNull();
    forgetBatch('u1');
    expect(recallBatch('u1', savedAt)).toBeNull();
  });

  it('ignores unreadable or malformed entries', () => {
    localStorage.setItem('vitrine:last-batch:u1', '{not json');
    expect(recallBatch('u1')).toBeNull();
    localStorage.setItem('vitrine:last-batch:u1', JSON.stringify({ savedAt: new Date().toISOString(), results: [1] }));
    expect(recallBatch('u1')).toBeNull();
  });
});

describe('withoutDuplicates', () => {
  const file = (name: string, size = 4, lastModified = 1) => ({ name, size, lastModified });

  it('drops files already picked and repeats within the pick, as refusals', () => {
    const { unique, duplicates } = withoutDuplicates(
      [file('a.png'), file('b.png'), file('b.png'), file('a.png', 5)],
      [file('a.png')],
      'déjà',
    );
    expect(unique).toEqual([file('b.png'), file('a.png', 5)]);
    expect(duplicates).toEqual([
      { fileName: 'a.png', message: 'déjà' },
      { fileName: 'b.png', message: 'déjà' },
    ]);
  });
});
