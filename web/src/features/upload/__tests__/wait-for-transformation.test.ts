import type { Transformation } from '@vitrine/shared';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { waitForTransformation } from '../api/get-transformation';

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
});
