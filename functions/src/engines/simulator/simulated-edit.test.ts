import sharp from 'sharp';
import { editInstructions, instructionPrompt } from '../generative/edit-instructions';
import { captionLines, readSimulatedRequest, simulateEdit } from './simulated-edit';

const white = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

const stagingPrompt = (style: string, roomType: string, changeFloor: boolean, repaintWalls: boolean) =>
  instructionPrompt(editInstructions('virtual-staging', { style, roomType, changeFloor, repaintWalls }));

describe('simulated edit', () => {
  it('reads the options back from the prompt the engine built', () => {
    expect(
      readSimulatedRequest('virtual-staging', stagingPrompt('Mid-Century Modern', 'Kids Room', true, false)),
    ).toEqual({
      type: 'virtual-staging',
      style: 'Mid-Century Modern',
      roomType: 'Kids Room',
      skyType: undefined,
      changeFloor: true,
      repaintWalls: false,
    });
    const sky = instructionPrompt(editInstructions('sky-replacement', { sky_type: 'night' }));
    expect(readSimulatedRequest('sky-replacement', sky).skyType).toBe('night');
  });

  it('names the request in its caption', () => {
    const request = readSimulatedRequest('virtual-staging', stagingPrompt('Scandinavian', 'Bedroom', true, true));
    expect(captionLines(request)).toEqual([
      'Simulation locale · Home staging virtuel',
      'Scandinave · Chambre · Changer le sol · Repeindre les murs en blanc',
    ]);
  });

  it('gives a different result for different options', async () => {
    const image = await white(320, 240);
    const scandinavian = await simulateEdit(
      image,
      readSimulatedRequest('virtual-staging', stagingPrompt('Scandinavian', 'Living Room', false, false)),
    );
    const industrial = await simulateEdit(
      image,
      readSimulatedRequest('virtual-staging', stagingPrompt('Industrial', 'Living Room', false, false)),
    );
    const withWalls = await simulateEdit(
      image,
      readSimulatedRequest('virtual-staging', stagingPrompt('Scandinavian', 'Living Room', false, true)),
    );
    expect(scandinavian.equals(industrial)).toBe(false);
    expect(scandinavian.equals(withWalls)).toBe(false);
    // The grade itself differs (not only the caption): compare a pixel above the band.
    const pixel = async (png: Buffer) => [
      ...(await sharp(png).extract({ left: 5, top: 5, width: 1, height: 1 }).raw().toBuffer()),
    ];
    expect(await pixel(scandinavian)).not.toEqual(await pixel(industrial));
  });

  it('keeps the caption inside the centred 4:3 area a card shows', async () => {
    const result = await simulateEdit(await white(600, 1000), {
      type: 'enhance',
      changeFloor: false,
      repaintWalls: false,
    });
    const luminance = async (top: number) =>
      (await sharp(result).extract({ left: 580, top, width: 1, height: 1 }).greyscale().raw().toBuffer())[0]!;
    // 600 px wide: the 4:3 area spans rows 275 to 724; the band ends at its bottom, not the image's.
    expect(await luminance(720)).toBeLessThan(160);
    expect(await luminance(990)).toBeGreaterThan(200);
  });
});
