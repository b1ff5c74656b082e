import { buildNovaCanvasRequest, fitText, NOVA_LIMITS, novaInputSize } from './nova-canvas-request';

const image = { base64: 'aW1hZ2U=', width: 2048, height: 1536 };

describe('buildNovaCanvasRequest', () => {
  it('stages an empty room by inpainting its empty space, naming the style and the room', () => {
    const request = buildNovaCanvasRequest(
      'virtual-staging',
      { style: 'Japandi', roomType: 'Bedroom', changeFloor: false, repaintWalls: true },
      image,
      7,
    );
    expect(request.taskType).toBe('INPAINTING');
    if (request.taskType !== 'INPAINTING') return;
    expect(request.inPaintingParams.image).toBe(image.base64);
    expect(request.inPaintingParams.maskPrompt).toBe('the empty space of the room');
    expect(request.inPaintingParams.text).toContain('empty bedroom');
    expect(request.inPaintingParams.text).toContain('Japandi interior design style');
    expect(request.inPaintingParams.text).toContain('walls repainted in a clean white');
    expect(request.inPaintingParams.text).toContain('the existing floor unchanged');
    expect(request.inPaintingParams.negativeText).toContain('distorted architecture');
    expect(request.imageGenerationConfig).toEqual({ numberOfImages: 1, quality: 'premium', cfgScale: 6.5, seed: 7 });
  });

  it('includes the floor in the mask when the floor changes', () => {
    const request = buildNovaCanvasRequest('virtual-staging', { changeFloor: true }, image, 1);
    expect(request.taskType === 'INPAINTING' && request.inPaintingParams.maskPrompt).toBe(
      'the floor and the empty space of the room',
    );
  });

  it('declutters by inpainting the clutter without text, which removes it', () => {
    const request = buildNovaCanvasRequest('declutter', {}, image, 1);
    expect(request.taskType).toBe('INPAINTING');
    if (request.taskType !== 'INPAINTING') return;
    expect(request.inPaintingParams.maskPrompt).toContain('clutter');
    expect(request.inPaintingParams).not.toHaveProperty('text');
  });

  it('refreshes a room as a close variation at the input size, keeping walls, windows and perspective', () => {
    const request = buildNovaCanvasRequest('room-refresh', { style: 'Industrial', roomType: 'Kitchen' }, image, 1);
    expect(request.taskType).toBe('IMAGE_VARIATION');
    if (request.taskType !== 'IMAGE_VARIATION') return;
    expect(request.imageVariationParams.images).toEqual([image.base64]);
    expect(request.imageVariationParams.similarityStrength).toBe(0.7);
    expect(request.imageVariationParams.text).toContain('Renovate this kitchen in a Industrial interior design style');
    expect(request.imageVariationParams.text).toContain('the windows and doors');
    expect(request.imageVariationParams.text).toContain('the camera perspective');
    expect(request.imageGenerationConfig).toMatchObject({ width: 2048, height: 1536 });
    expect(request.imageVariationParams.text.length).toBeLessThanOrEqual(NOVA_LIMITS.text);
  });

  it('replaces the sky by inpainting the sky with the chosen sky type', () => {
    const request = buildNovaCanvasRequest('sky-replacement', { sky_type: 'night' }, image, 1);
    expect(request.taskType === 'INPAINTING' && request.inPaintingParams.maskPrompt).toBe('the sky');
    expect(request.taskType === 'INPAINTING' && request.inPaintingParams.text).toContain('starry night sky');
  });

  it('uses the defaults of the spec when options are missing', () => {
    const request = buildNovaCanvasRequest('virtual-staging', {}, image, 1);
    expect(request.taskType === 'INPAINTING' && request.inPaintingParams.text).toContain(
      'empty living room with furniture and decor in a Scandinavian interior design style',
    );
  });
});

describe('novaInputSize', () => {
  it.each([
    [4000, 3000],
    [6000, 1000],
    [300, 200],
    [1024, 1024],
  ])('fits %ix%i in Nova Canvas limits with about the same aspect ratio', (width, height) => {
    const size = novaInputSize(width, height);
    expect(size.width % 16).toBe(0);
    expect(size.height % 16).toBe(0);
    expect(size.width * size.height).toBeLessThanOrEqual(NOVA_LIMITS.maxPixels);
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(NOVA_LIMITS.minSide);
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(NOVA_LIMITS.maxSide);
    if (width / height < 4) expect(Math.abs(size.width / size.height - width / height)).toBeLessThan(0.1);
  });
});

describe('fitText', () => {
  it('cuts long prompts at a clause boundary within the limit', () => {
    const text = Array.from({ length: 100 }, (_, i) => `clause number ${i}`).join(', ');
    const fitted = fitText(text, 200);
    expect(fitted.length).toBeLessThanOrEqual(200);
    expect(fitted.endsWith(',')).toBe(true);
  });
});
