import { archiveName, imageDownloadName, safeFileName, uniqueFileNames } from '../download-name';

describe('saved image download names (spec 7)', () => {
  it('is the image name, with .png added when it has no extension', () => {
    expect(imageDownloadName({ name: 'salon', originalFilePath: 'normalised/o/tx.jpg' })).toBe('salon.png');
    expect(imageDownloadName({ name: 'salon.png', originalFilePath: 'normalised/o/tx.png' })).toBe('salon.png');
  });

  it('ends in .png whatever the uploaded format: the stored result is a PNG', () => {
    expect(imageDownloadName({ name: 'salon.JPG', originalFilePath: '' })).toBe('salon.png');
    expect(imageDownloadName({ name: 'maison.vue.mer.webp', originalFilePath: '' })).toBe('maison.vue.mer.png');
  });

  it('without a name, is the original file name with a _transformed suffix', () => {
    expect(imageDownloadName({ name: '  ', originalFilePath: 'normalised/org-1/tx-9.jpg' })).toBe(
      'tx-9_transformed.png',
    );
    expect(imageDownloadName({ name: '', originalFilePath: '' }, 'photo')).toBe('photo_transformed.png');
  });

  it('never gives a name a file system refuses', () => {
    expect(imageDownloadName({ name: 'a/b\\c:d*e?"f<g>|h\u0007.png', originalFilePath: '' })).toBe(
      'a b c d e f g h.png',
    );
    expect(safeFileName('..\u0000cachée')).toBe('cachée');
    expect(safeFileName('x'.repeat(400))).toHaveLength(180);
  });
});

describe('archive entries and name', () => {
  it('makes repeated names distinct, ignoring case, before the extension', () => {
    expect(uniqueFileNames(['salon.png', 'Salon.png', 'salon.png', 'cuisine.png', 'salon (2).png'])).toEqual([
      'salon.png',
      'Salon (2).png',
      'salon (3).png',
      'cuisine.png',
      'salon (2) (2).png',
    ]);
  });

  it('names the archive after its label', () => {
    expect(archiveName('Villa des Pins')).toBe('Villa des Pins.zip');
    expect(archiveName('Appt. 3/B')).toBe('Appt. 3 B.zip');
    expect(archiveName(' ', 'images')).toBe('images.zip');
  });
});
