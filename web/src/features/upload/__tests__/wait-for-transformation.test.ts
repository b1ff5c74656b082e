import type { Transformation } from '@vitrine/shared';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { pollIntervalAt, waitForTransformation } from '../api/get-transformation';

jest.mock('../../../lib/api-client', () => ({ api: jest.fn() }));
const apiMock = api as jest.MockedFunction<typeof api>;

const status = (value: Transformation['status']) =>
  ({ id: 't1', type: 'enhance', options: {}, status: value, originalUrl: 'o', creditBalance: 9 }) as Transformation;

describe('waitForTransformation', () => {
  beforeEach(() => apiMock.mockReset());

  it('keeps polling through a dropped connection or a 5xx: the job may still succeed', async () => {
    apiMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new ApiError(503, 'Service momentanément indisponible.'))
      .mockResolvedValueOnce(status('processing'))
      .mockResolvedValueOnce(status('succeeded'));
    await expect(waitForTransformation('t1', { intervalMs: 1 })).resolves.toMatchObject({ status: 'succeeded' });
    expect(apiMock).toHaveBeenCalledTimes(4);
  });

  it('stops at once on a 4xx', async () => {
    apiMock.mockRejectedValueOnce(new ApiError(404, 'Transformation introuvable.'));
    await expect(waitForTransformation('t1', { intervalMs: 1 })).rejects.toMatchObject({ status: 404 });
    expect(apiMock).toHaveBeenCalledTimes(1);
  });

  it('polls every 250 ms for the first 5 s, then every 500 ms', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const polledAt: number[] = [];
      apiMock.mockImplementation(async () => {
        polledAt.push(Date.now());
        return status(polledAt.length < 24 ? 'processing' : 'succeeded');
      });
      const done = waitForTransformation('t1');
      await jest.advanceTimersByTimeAsync(10_000);
      await expect(done).resolves.toMatchObject({ status: 'succeeded' });
      const gaps = polledAt.slice(1).map((at, index) => at - polledAt[index]!);
      expect(gaps.slice(0, 20)).toEqual(Array(20).fill(250));
      expect(gaps.slice(20)).toEqual(Array(gaps.length - 20).fill(500));
    } finally {
      jest.useRealTimers();
    }
    expect([pollIntervalAt(0), pollIntervalAt(4999), pollIntervalAt(5000), pollIntervalAt(60_000)]).toEqual([
      250, 250, 500, 500,
    ]);
  });
});
