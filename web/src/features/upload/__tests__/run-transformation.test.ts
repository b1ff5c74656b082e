import { IDEMPOTENCY_KEY, type Transformation } from '@vitrine/shared';
import { ApiError } from '../../../lib/api-error';
import {
  classifyFailure,
  pipeline,
  runTransformation,
  startRun,
  TransformationFailedError,
} from '../run-transformation';

function transformation(overrides: Partial<Transformation>): Transformation {
  return {
    id: 't1',
    type: 'sky-replacement',
    options: { sky_type: 'blue' },
    status: 'succeeded',
    originalUrl: 'https://storage/original',
    resultUrl: 'https://storage/result',
    creditBalance: 41,
    ...overrides,
  };
}

let keyCounter = 0;

function fakeSteps(result: Transformation) {
  const blob = new Blob(['png'], { type: 'image/png' });
  return {
    blob,
    steps: {
      createUpload: jest.fn<ReturnType<typeof pipeline.createUpload>, Parameters<typeof pipeline.createUpload>>(
        async () => ({ uploadId: 'u1', url: 'https://storage/upload', fields: { key: 'k' } }),
      ),
      sendFileToStorage: jest.fn<
        ReturnType<typeof pipeline.sendFileToStorage>,
        Parameters<typeof pipeline.sendFileToStorage>
      >(async (_upload, _file, options) => {
        options?.onProgress?.(50);
        options?.onProgress?.(100);
      }),
      startTransformation: jest.fn<
        ReturnType<typeof pipeline.startTransformation>,
        Parameters<typeof pipeline.startTransformation>
      >(async () => ({ transformationId: 't1', transformationIds: ['t1'], groupId: 't1' })),
      waitForTransformation: jest.fn<
        ReturnType<typeof pipeline.waitForTransformation>,
        Parameters<typeof pipeline.waitForTransformation>
      >(async () => result),
      fetchResultBlob: jest.fn<
        ReturnType<typeof pipeline.fetchResultBlob>,
        Parameters<typeof pipeline.fetchResultBlob>
      >(async () => blob),
      newIdempotencyKey: jest.fn(() => `key-${++keyCounter}`),
      delay: jest.fn<ReturnType<typeof pipeline.delay>, Parameters<typeof pipeline.delay>>(async () => undefined),
    },
  };
}

function request(uploadId: string | null = null) {
  return {
    file: new File(['jpeg'], 'salon.jpg', { type: 'image/jpeg' }),
    uploadId,
    type: 'sky-replacement' as const,
    options: { sky_type: 'sunset' },
    signal: new AbortController().signal,
    onUploadProgress: jest.fn(),
    onUploaded: jest.fn(),
    onStarted: jest.fn(),
  };
}

describe('runTransformation', () => {
  it('uploads, starts with the options, polls and downloads the result', async () => {
    const { steps, blob } = fakeSteps(transformation({ simulated: true }));
    const input = request();
    const outcome = await runTransformation(input, steps);
    expect(steps.createUpload).toHaveBeenCalledWith({ fileName: 'salon.jpg', contentType: 'image/jpeg', size: 4 });
    expect(input.onUploadProgress.mock.calls).toEqual([[50], [100]]);
    expect(input.onUploaded).toHaveBeenCalledWith('u1');
    expect(steps.startTransformation).toHaveBeenCalledWith({
      uploadId: 'u1',
      type: 'sky-replacement',
      options: { sky_type: 'sunset' },
      idempotencyKey: expect.stringMatching(/^key-\d+$/),
    });
    expect(input.onStarted).toHaveBeenCalledWith('t1');
    expect(steps.fetchResultBlob).toHaveBeenCalledWith('https://storage/result', input.signal);
    expect(outcome).toEqual({ blob, simulated: true, creditBalance: 41 });
  });

  it('reuses the upload on regeneration', async () => {
    const { steps } = fakeSteps(transformation({}));
    await runTransformation(request('u9'), steps);
    expect(steps.createUpload).not.toHaveBeenCalled();
    expect(steps.startTransformation).toHaveBeenCalledWith(expect.objectContaining({ uploadId: 'u9' }));
  });

  it('fails with the server message and code when the transformation failed', async () => {
    const { steps } = fakeSteps(
      transformation({
        status: 'failed',
        resultUrl: undefined,
        message: 'Aucun ciel détecté sur cette photo.',
        code: 'VALIDATION',
      }),
    );
    const failure = runTransformation(request(), steps);
    await expect(failure).rejects.toBeInstanceOf(TransformationFailedError);
    await expect(failure).rejects.toMatchObject({ message: 'Aucun ciel détecté sur cette photo.', code: 'VALIDATION' });
    expect(steps.fetchResultBlob).not.toHaveBeenCalled();
  });
});

describe('startRun: variants and reruns (decisions 065, 066)', () => {
  it('starts the variants of an uploaded photo in one request', async () => {
    const { steps } = fakeSteps(transformation({}));
    await startRun({ ...request('u9'), variants: 3 }, steps);
    expect(steps.startTransformation).toHaveBeenCalledWith({
      uploadId: 'u9',
      type: 'sky-replacement',
      options: { sky_type: 'sunset' },
      variants: 3,
      idempotencyKey: expect.stringMatching(/^key-\d+$/),
    });
  });

  it('sends nothing for a photo the server keeps: it names the earlier transformation', async () => {
    const { steps } = fakeSteps(transformation({}));
    await startRun({ ...request(null), sourceTransformationId: 'tx-earlier' }, steps);
    expect(steps.createUpload).not.toHaveBeenCalled();
    expect(steps.sendFileToStorage).not.toHaveBeenCalled();
    expect(steps.startTransformation).toHaveBeenCalledWith({
      sourceTransformationId: 'tx-earlier',
      type: 'sky-replacement',
      options: { sky_type: 'sunset' },
      idempotencyKey: expect.stringMatching(/^key-\d+$/),
    });
  });
});

describe('runTransformation: starting once per run', () => {
  it('sends one Idempotency-Key per run: a regeneration is a new run with a new key', async () => {
    const { steps } = fakeSteps(transformation({}));
    await runTransformation(request('u9'), steps);
    await runTransformation(request('u9'), steps);
    const keys = steps.startTransformation.mock.calls.map(([input]) => input.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it('waits for the Retry-After of a 429 and starts again with the same key', async () => {
    const { steps } = fakeSteps(transformation({}));
    steps.startTransformation
      .mockRejectedValueOnce(new ApiError(429, 'Trop de transformations en cours.', 'RATE_LIMITED', 7))
      .mockRejectedValueOnce(new ApiError(429, '', undefined, undefined));
    const input = request('u9');
    await runTransformation(input, steps);
    expect(steps.delay.mock.calls).toEqual([
      [7000, input.signal],
      [10_000, input.signal],
    ]);
    const keys = steps.startTransformation.mock.calls.map(([call]) => call.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(input.onStarted).toHaveBeenCalledWith('t1');
  });

  it('sends a start whose answer was lost again with the same key, twice at most', async () => {
    const { steps } = fakeSteps(transformation({}));
    steps.startTransformation.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await runTransformation(request('u9'), steps);
    expect(steps.startTransformation).toHaveBeenCalledTimes(2);
    expect(new Set(steps.startTransformation.mock.calls.map(([call]) => call.idempotencyKey)).size).toBe(1);

    const down = fakeSteps(transformation({}));
    down.steps.startTransformation.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(runTransformation(request('u9'), down.steps)).rejects.toBeInstanceOf(TypeError);
    expect(down.steps.startTransformation).toHaveBeenCalledTimes(3);
  });

  it('does not retry a refusal: no credit (402) or a bad request ends the run', async () => {
    const { steps } = fakeSteps(transformation({}));
    steps.startTransformation.mockRejectedValue(new ApiError(402, 'Crédits épuisés.', 'INSUFFICIENT_CREDITS'));
    await expect(runTransformation(request('u9'), steps)).rejects.toMatchObject({ status: 402 });
    expect(steps.startTransformation).toHaveBeenCalledTimes(1);
    expect(steps.delay).not.toHaveBeenCalled();
  });

  it('makes 128-bit keys the API accepts', () => {
    const key = pipeline.newIdempotencyKey();
    expect(key).toMatch(IDEMPOTENCY_KEY.pattern);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(pipeline.newIdempotencyKey()).not.toBe(key);
  });
});

describe('classifyFailure', () => {
  it('tells a credits error by its code only, on start or from a failed transformation', () => {
    expect(classifyFailure(new ApiError(402, 'Crédits épuisés.', 'INSUFFICIENT_CREDITS'))).toEqual({
      serverMessage: 'Crédits épuisés.',
      isCreditsError: true,
      inputRejected: false,
    });
    expect(classifyFailure(new TransformationFailedError('', 'INSUFFICIENT_CREDITS'))).toMatchObject({
      serverMessage: null,
      isCreditsError: true,
    });
    // The text is never matched: a message naming credits without the code is an ordinary failure.
    expect(classifyFailure(new TransformationFailedError('insufficient credits', 'INTERNAL'))).toMatchObject({
      serverMessage: 'insufficient credits',
      isCreditsError: false,
    });
  });

  it('keeps other server messages and hides unknown errors', () => {
    expect(classifyFailure(new ApiError(400, 'Format non pris en charge.'))).toEqual({
      serverMessage: 'Format non pris en charge.',
      isCreditsError: false,
      inputRejected: false,
    });
    expect(classifyFailure(new TypeError('Failed to fetch'))).toEqual({
      serverMessage: null,
      isCreditsError: false,
      inputRejected: false,
    });
  });

  it('tells a photo the server refused (start 400, or a failed validation) from a failure worth retrying', () => {
    expect(classifyFailure(new ApiError(400, "Le fichier n'est pas une image.", 'VALIDATION')).inputRejected).toBe(
      true,
    );
    expect(classifyFailure(new TransformationFailedError('Image illisible.', 'IMAGE_REJECTED')).inputRejected).toBe(
      true,
    );
    expect(classifyFailure(new TransformationFailedError('Délai dépassé.', 'ENGINE_FAILED')).inputRejected).toBe(false);
  });
});
