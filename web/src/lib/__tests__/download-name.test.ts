import {
  archiveName,
  enhancedDownloadName,
  imageDownloadName,
  portalDownloadName,
  safeFileName,
  uniqueFileNames,
} from '../download-name';

const jpegSky = {
  type: 'sky-replacement',
  options: { sky_type: 'sunset' },
  resultContentType: 'image/jpeg',
} as const;

describe('saved image download names (spec 7, decisions 091 and 092)', () => {
  it("is the image's base name, its type and main option, and the result's real extension", () => {
    expect(imageDownloadName({ ...jpegSky, name: 'salon.JPG', originalFilePath: '' })).toBe(
      'salon_ciel-coucher-de-soleil.jpg',
    );
    expect(imageDownloadName({ ...jpegSky, name: 'salon', originalFilePath: 'normalised/o/tx.jpg' })).toBe(
      'salon_ciel-coucher-de-soleil.jpg',
    );
    expect(
      imageDownloadName({
        name: 'maison.vue.mer.webp',
        originalFilePath: '',
        type: 'virtual-staging',
        options: { style: 'Scandinavian', roomType: 'Kids Room' },
        resultContentType: 'image/jpeg',
      }),
    ).toBe('maison.vue.mer_home-staging-scandinave-chambre-d-enfant.jpg');
  });

  it('ends in .png only for a PNG result, and says the type alone for a type without options', () => {
    expect(
      imageDownloadName({ name: 'plan.png', originalFilePath: '', type: 'declutter', resultContentType: 'image/png' }),
    ).toBe('plan_desencombrement.png');
  });

  it('without a name, is the original file name with a _transformed suffix', () => {
    expect(imageDownloadName({ ...jpegSky, name: '  ', originalFilePath: 'normalised/org-1/tx-9.jpg' })).toBe(
      'tx-9_transformed_ciel-coucher-de-soleil.jpg',
    );
    expect(imageDownloadName({ ...jpegSky, name: '', originalFilePath: '' }, 'photo')).toBe(
      'photo_transformed_ciel-coucher-de-soleil.jpg',
    );
  });

  it('gives four versions of one photo four names that say what each is', () => {
    const names = (['blue', 'sunset', 'cloudy', 'dramatic'] as const).map((sky_type) =>
      imageDownloadName({ ...jpegSky, options: { sky_type }, name: 'x.jpg', originalFilePath: '' }),
    );
    expect(names).toEqual([
      'x_ciel-ciel-bleu.jpg',
      'x_ciel-coucher-de-soleil.jpg',
      'x_ciel-enneige.jpg',
      'x_ciel-dramatique.jpg',
    ]);
  });

  it('never gives a name a file system refuses', () => {
    expect(imageDownloadName({ ...jpegSky, name: 'a/b\\c:d*e?"f<g>|h\u0007.png', originalFilePath: '' })).toBe(
      'a b c d e f g h_ciel-coucher-de-soleil.jpg',
    );
    expect(safeFileName('..\u0000cachée')).toBe('cachée');
    expect(safeFileName('x'.repeat(400))).toHaveLength(180);
  });
});

describe('wizard and listing-portal download names', () => {
  it("keeps the spec's _enhanced suffix before the type and option", () => {
    expect(enhancedDownloadName('IMG_2041.HEIC.jpg', { type: 'enhance', contentType: 'image/jpeg' })).toBe(
      'IMG_2041.HEIC_enhanced_hdr.jpg',
    );
    expect(enhancedDownloadName('.png', { type: 'declutter', contentType: 'image/png' })).toBe(
      // No leading dot: that would hide the file on macOS and Linux.
      'png_enhanced_desencombrement.png',
    );
  });

  it('marks the portal version and makes it a JPEG', () => {
    expect(portalDownloadName('salon_ciel-coucher-de-soleil.png')).toBe('salon_ciel-coucher-de-soleil_portails.jpg');
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
