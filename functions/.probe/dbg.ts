import sharp from 'sharp';
import { houseScene, renderHouseScene } from '../src/engines/fixtures/synthetic-photos';
import { renderSky } from '../src/engines/local/sky-render';
import { decodeThumbnail, luma } from '../src/engines/local/raster';
(async () => {
  const W = 1200, H = 900;
  const scene = houseScene(W, H);
  const base = renderHouseScene(scene);
  const sky = renderSky('blue', W, H, H * 0.62, 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 3;
    if (scene.isSky(x, y)) { base[i] = sky[i]!; base[i + 1] = sky[i + 1]!; base[i + 2] = sky[i + 2]!; }
  }
  const jpeg = await sharp(base, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
  const t = await decodeThumbnail(jpeg, 320);
  const { data, width, height } = t;
  const lum = (x: number, y: number) => { const i = (y * width + x) * 3; return luma(data[i]!, data[i+1]!, data[i+2]!); };
  const stats = { colour: 0, texture: 0, step: 0 };
  let maxTex = 0, maxStep = 0;
  for (let x = 0; x < 60; x++) for (let y = 0; y < height * 0.5; y++) {
    const i = (y * width + x) * 3; const r = data[i]!, g = data[i+1]!, b = data[i+2]!; const l = lum(x, y);
    const spread = Math.max(r, g, b) - Math.min(r, g, b);
    const blueish = b > r + 8 && b >= g - 6 && l > 70; const overcast = l > 170 && spread < 40;
    if (!blueish && !overcast) { stats.colour++; if (stats.colour < 5) console.log('colour fail', x, y, r, g, b); continue; }
    const tex = Math.abs(lum(x, y + 1) - l) + Math.abs(lum(x, y + 2) - lum(x, y + 1));
    const step = y ? Math.abs(l - lum(x, y - 1)) : 0;
    maxTex = Math.max(maxTex, tex); maxStep = Math.max(maxStep, step);
    if (tex > 22) stats.texture++; if (step > 14) stats.step++;
  }
  console.log(stats, maxTex, maxStep);
})();
