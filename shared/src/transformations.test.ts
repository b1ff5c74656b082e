import { TRANSFORMATION_MESSAGES } from './texts/processing';
import { parseTransformationOptions, isTransformationType } from './transformations';

describe('parseTransformationOptions', () => {
  it('fills the spec defaults for staging and refresh', () => {
    for (const type of ['virtual-staging', 'room-refresh'] as const) {
      expect(parseTransformationOptions(type, {})).toEqual({
        success: true,
        options: { style: 'Scandinavian', roomType: 'Living Room', changeFloor: false, repaintWalls: false },
      });
    }
  });

  it('accepts booleans and the original API\'s "true"/"false" strings', () => {
    expect(
      parseTransformationOptions('room-refresh', {
        style: 'Japandi',
        roomType: 'Kids Room',
        changeFloor: 'true',
        repaintWalls: false,
      }),
    ).toEqual({
      success: true,
      options: { style: 'Japandi', roomType: 'Kids Room', changeFloor: true, repaintWalls: false },
    });
  });

  it('keeps only the options that apply to the type', () => {
    expect(parseTransformationOptions('sky-replacement', { style: 'Modern', uploadId: 'u-1' })).toEqual({
      success: true,
      options: { sky_type: 'blue' },
    });
    expect(parseTransformationOptions('declutter', { sky_type: 'night', style: 'Modern' })).toEqual({
      success: true,
      options: {},
    });
    expect(parseTransformationOptions('enhance', { roomType: 'Bedroom' })).toEqual({ success: true, options: {} });
  });

  it.each([
    ['virtual-staging', { style: 'Baroque' }, TRANSFORMATION_MESSAGES.invalidStyle],
    ['virtual-staging', { roomType: 'Garage' }, TRANSFORMATION_MESSAGES.invalidRoomType],
    ['room-refresh', { changeFloor: 'oui' }, TRANSFORMATION_MESSAGES.invalidChangeFloor],
    ['room-refresh', { repaintWalls: 1 }, TRANSFORMATION_MESSAGES.invalidRepaintWalls],
    ['sky-replacement', { sky_type: 'aurora' }, TRANSFORMATION_MESSAGES.invalidSkyType],
  ] as const)('refuses %s options %j with a French message', (type, options, message) => {
    expect(parseTransformationOptions(type, options)).toEqual({ success: false, message });
  });

  it('accepts every sky type of the spec, including snowy and starry night', () => {
    for (const sky of ['blue', 'sunset', 'cloudy', 'dramatic', 'night']) {
      expect(parseTransformationOptions('sky-replacement', { sky_type: sky })).toEqual({
        success: true,
        options: { sky_type: sky },
      });
    }
  });
});

describe('isTransformationType', () => {
  it('knows the five API path segments', () => {
    expect(
      ['virtual-staging', 'sky-replacement', 'declutter', 'room-refresh', 'enhance'].every(isTransformationType),
    ).toBe(true);
    expect(isTransformationType('colorize')).toBe(false);
    expect(isTransformationType(undefined)).toBe(false);
  });
});
