import { acceptFiles, partitionFiles, refusalReason, ACCEPTED_CONTENT_TYPES } from '../file-acceptance';
import { reducedSize, WIZARD_TEXTS } from '@vitrine/shared';
import { buildTransformationOptions, DEFAULT_PARAMETERS, optionGroupOf } from '../transformation-options';

const MB = 1024 * 1024;

describe('file acceptance', () => {
  it('accepts JPG, PNG and WEBP up to 10 MB', () => {
    expect(ACCEPTED_CONTENT_TYPES).toMatch(/^image\/jpeg,image\/png,image\/webp,/);
    expect(refusalReason({ type: 'image/jpeg', size: 10 * MB })).toBeNull();
    expect(refusalReason({ type: 'image/webp', size: 1 })).toBeNull();
  });

  it('refuses other types, files over 10 MB and empty files with French messages', () => {
    expect(refusalReason({ type: 'image/gif', size: 100 })).toBe(
      'Format non pris en charge. Formats acceptés\u00A0: JPG, PNG, WEBP.',
    );
    expect(refusalReason({ type: 'image/png', size: 10 * MB + 1 })).toBe(
      'Le fichier dépasse la taille maximale de 10 Mo.',
    );
    expect(refusalReason({ type: 'image/png', size: 0 })).toBe('Le fichier est vide.');
  });

  it('splits a selection into accepted files and refusals, in order', () => {
    const files = [
      new File(['a'], 'salon.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'notes.txt', { type: 'text/plain' }),
      new File(['c'], 'facade.webp', { type: 'image/webp' }),
    ];
    const { accepted, refusals } = partitionFiles(files);
    expect(accepted.map((file) => file.name)).toEqual(['salon.jpg', 'facade.webp']);
    expect(refusals).toEqual([
      { fileName: 'notes.txt', message: 'Format non pris en charge. Formats acceptés\u00A0: JPG, PNG, WEBP.' },
    ]);
  });
});

describe('real type (decision 094)', () => {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

  it('refuses a text file renamed .jpg in French, and sends a PNG named .jpg as the PNG it is', async () => {
    const text = new File(['Bonjour, ceci est un texte'], 'faux.jpg', { type: 'image/jpeg' });
    const png = new File([new Uint8Array([...PNG, 1, 2])], 'vrai.jpg', { type: 'image/jpeg', lastModified: 42 });
    const { accepted, refusals } = await acceptFiles([text, png]);
    expect(refusals).toEqual([
      { fileName: 'faux.jpg', message: "Le fichier n'est pas une image JPG, PNG ou WEBP valide." },
    ]);
    expect(accepted.map((file) => [file.name, file.type, file.size, file.lastModified])).toEqual([
      ['vrai.jpg', 'image/png', 10, 42],
    ]);
  });
});

/** A preparation step the case must not reach. */
const unexpected = async (): Promise<File | null> => {
  throw new Error('not expected');
};

describe('HEIC photos (issue 22, decision 120)', () => {
  // Told apart by their first bytes (an ISO BMFF `ftyp` box with a HEIF brand), whatever the name
  // or the type the system gives them (often none on a desktop).
  const heic = (name: string, type = '') =>
    new File([new Uint8Array([0, 0, 0, 0x18, ...[...'ftypheic'].map((c) => c.charCodeAt(0)), 0])], name, { type });

  it('are offered by the file picker', () => {
    expect(ACCEPTED_CONTENT_TYPES.split(',')).toEqual(expect.arrayContaining(['image/heic', 'image/heif', '.heic']));
  });

  it('are sent as the JPEG they convert to', async () => {
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'IMG_0001.jpg', { type: 'image/jpeg' });
    const fromHeic = jest.fn(async () => jpeg);
    const { accepted, refusals } = await acceptFiles([heic('IMG_0001.HEIC', 'image/heic')], {
      reduce: unexpected,
      fromHeic,
    });
    expect(fromHeic).toHaveBeenCalledTimes(1);
    expect(accepted).toEqual([jpeg]);
    expect(refusals).toEqual([]);
  });

  it('that cannot be converted are refused with how to send them', async () => {
    const { accepted, refusals } = await acceptFiles([heic('IMG_0002.heic')], {
      reduce: unexpected,
      fromHeic: async () => null,
    });
    expect(accepted).toEqual([]);
    expect(refusals).toEqual([{ fileName: 'IMG_0002.heic', message: WIZARD_TEXTS.heicUnreadable }]);
  });
});

describe('photos above 10 MB (issue 22)', () => {
  const JPEG = [0xff, 0xd8, 0xff, 0xe0];
  const big = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set(JPEG);
    return new File([bytes], 'reflex.jpeg', { type: 'image/jpeg', lastModified: 7 });
  };

  it('reduces a photo between 10 and 50 MB before upload, and refuses one above 50 MB', async () => {
    const reduced = new File([new Uint8Array([...JPEG, 1])], 'reflex.jpg', { type: 'image/jpeg' });
    const reduce = jest.fn(async () => reduced);
    const { accepted, refusals } = await acceptFiles([big(12 * MB), big(51 * MB), big(2 * MB)], {
      reduce,
      fromHeic: unexpected,
    });
    expect(reduce).toHaveBeenCalledTimes(1);
    expect(accepted.map((file) => file.name)).toEqual(['reflex.jpg', 'reflex.jpeg']);
    expect(refusals).toEqual([{ fileName: 'reflex.jpeg', message: WIZARD_TEXTS.photoTooLarge }]);
  });

  it('refuses a large file the browser cannot decode', async () => {
    const { accepted, refusals } = await acceptFiles([big(12 * MB)], {
      reduce: async () => null,
      fromHeic: unexpected,
    });
    expect(accepted).toEqual([]);
    expect(refusals[0]?.message).toBe("L'image est incomplète ou endommagée et ne peut pas être lue.");
  });

  it('keeps the proportions and never enlarges', () => {
    expect(reducedSize(8000, 6000)).toEqual({ width: 6000, height: 4500 });
    expect(reducedSize(4000, 9000)).toEqual({ width: 2667, height: 6000 });
    expect(reducedSize(1200, 800)).toEqual({ width: 1200, height: 800 });
  });
});

describe('transformation options', () => {
  it('defaults to Scandinavian, Living Room, blue sky and both checkboxes off', () => {
    expect(DEFAULT_PARAMETERS).toEqual({
      style: 'Scandinavian',
      roomType: 'Living Room',
      skyType: 'blue',
      changeFloor: false,
      repaintWalls: false,
    });
  });

  it('sends only the options of the type', () => {
    const parameters = { ...DEFAULT_PARAMETERS, changeFloor: true, skyType: 'sunset' as const };
    const furnishing = { style: 'Scandinavian', roomType: 'Living Room', changeFloor: true, repaintWalls: false };
    expect(buildTransformationOptions('virtual-staging', parameters)).toEqual(furnishing);
    expect(buildTransformationOptions('room-refresh', parameters)).toEqual(furnishing);
    expect(buildTransformationOptions('sky-replacement', parameters)).toEqual({ sky_type: 'sunset' });
    expect(buildTransformationOptions('declutter', parameters)).toEqual({});
    expect(buildTransformationOptions('enhance', parameters)).toEqual({});
    expect(optionGroupOf('enhance')).toBe('none');
  });
});
