import { buildImageEditFields, imageEditSize, toFormData } from './image-edit-request';

describe('buildImageEditFields', () => {
  it('asks GPT Image for one high-fidelity PNG edit with an instruction naming style, room and what to keep', () => {
    const fields = buildImageEditFields(
      'room-refresh',
      { style: 'Coastal', roomType: 'Dining Room', changeFloor: true, repaintWalls: false },
      { width: 2048, height: 1536 },
    );
    expect(fields).toMatchObject({
      model: 'gpt-image-1',
      size: '1536x1024',
      quality: 'high',
      input_fidelity: 'high',
      output_format: 'png',
      n: '1',
    });
    expect(fields.prompt).toMatch(/^Renovate this dining room in a Coastal interior design style/);
    expect(fields.prompt).toContain('a new floor covering that suits the style');
    expect(fields.prompt).toContain('the existing wall colour unchanged');
    expect(fields.prompt).toContain('Keep exactly: the walls, ceiling and room layout; the windows and doors');
    expect(fields.prompt).toContain('the existing wall colour');
    // The floor changes, so it is not among what must be kept.
    expect(fields.prompt).not.toContain('the existing floor');
    expect(fields.prompt).toContain('Do not add: people, text, watermark');
  });

  it('honours a configured model', () => {
    expect(buildImageEditFields('declutter', {}, { width: 10, height: 10 }, 'gpt-image-1.5').model).toBe(
      'gpt-image-1.5',
    );
  });

  it('describes the sky types', () => {
    expect(buildImageEditFields('sky-replacement', { sky_type: 'sunset' }, { width: 3, height: 2 }).prompt).toContain(
      'warm sunset sky',
    );
    expect(buildImageEditFields('sky-replacement', { sky_type: 'cloudy' }, { width: 3, height: 2 }).prompt).toContain(
      'falling snow',
    );
  });
});

describe('imageEditSize', () => {
  it('picks the output orientation closest to the photo', () => {
    expect(imageEditSize(4000, 3000)).toBe('1536x1024');
    expect(imageEditSize(3000, 4000)).toBe('1024x1536');
    expect(imageEditSize(1100, 1000)).toBe('1024x1024');
  });
});

describe('toFormData', () => {
  it('sends the fields and the image as a PNG file part', async () => {
    const fields = buildImageEditFields('enhance', {}, { width: 4, height: 3 });
    const form = toFormData(fields, Buffer.from([1, 2, 3]));
    expect(form.get('prompt')).toBe(fields.prompt);
    const image = form.get('image') as File;
    expect(image.name).toBe('photo.png');
    expect(image.type).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from([1, 2, 3]));
  });
});
