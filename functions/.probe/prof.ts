import sharp from 'sharp';
import { encodeJpeg, houseScene, renderHouseScene } from '../src/engines/fixtures/synthetic-photos';
import { decodeRgb, decodeThumbnail, encodePng } from '../src/engines/local/raster';
import { findSky, SKY_ANALYSIS_SIDE, skyMaskValue } from '../src/engines/local/sky-mask';
import { renderSky } from '../src/engines/local/sky-render';
import { replaceSky } from '../src/engines/local/replace-sky';
import { enhance } from '../src/engines/local/enhance';
(async () => {
  const jpeg = await encodeJpeg(renderHouseScene(houseScene(4000, 3000)), 4000, 3000);
  const t = (n: string, s: number) => console.log(n, Math.round(performance.now() - s));
  for (let k = 0; k < 2; k++) {
    let s = performance.now(); const th = await decodeThumbnail(jpeg, SKY_ANALYSIS_SIDE); t('thumb', s);
    s = performance.now(); const sky = findSky(th)!; t('find', s);
    s = performance.now(); const full = await decodeRgb(jpeg); t('decode', s);
    s = performance.now(); renderSky('sunset', 1280, 700, 600); t('render 1280x700', s);
    s = performance.now(); let acc = 0; for (let y = 0; y < 700; y++) for (let x = 0; x < 1280; x++) acc += skyMaskValue(sky, 1280, 960, x, y); t('mask values', s);
    s = performance.now(); await sharp(Buffer.alloc(1280 * 700 * 4), { raw: { width: 1280, height: 700, channels: 4 } }).resize(4000, 2190, { fit: 'fill', kernel: 'linear' }).raw().toBuffer(); t('upscale band', s);
    s = performance.now(); await encodePng(full); t('png', s);
    s = performance.now(); await replaceSky(jpeg, 'sunset'); t('TOTAL sky', s);
    s = performance.now(); await enhance(jpeg); t('TOTAL enhance', s);
  }
})();
