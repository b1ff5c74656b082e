import { partitionFiles, refusalReason, ACCEPTED_CONTENT_TYPES } from '../file-acceptance';
import { buildTransformationOptions, DEFAULT_PARAMETERS, optionGroupOf } from '../transformation-options';

const MB = 1024 * 1024;

describe('file acceptance', () => {
  it('accepts JPG, PNG and WEBP up to 10 MB', () => {
    expect(ACCEPTED_CONTENT_TYPES).toBe('image/jpeg,image/png,image/webp');
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
