import sharp from 'sharp';
import { houseScene, renderHouseScene } from '../src/engines/fixtures/synthetic-photos';
import { renderSky } from '../src/engines/local/sky-render';
import { replaceSky } from '../src/engines/local/replace-sky';
(async () => {
  const W = 1200, H = 900;
  const scene = houseScene(W, H);
  const base = renderHouseScene(scene);
  const sky = renderSky('blue', W, H, H * 0.62, 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 3;
    const tree = (x - 150) ** 2 / 110 ** 2 + (y - 420) ** 2 / 220 ** 2 < 1;
    if (tree) { const n = ((x * 7 + y * 13) % 17) * 4; base[i] = 30 + n; base[i + 1] = 70 + n; base[i + 2] = 25 + n / 2; }
    else if (scene.isSky(x, y)) { base[i] = sky[i]!; base[i + 1] = sky[i + 1]!; base[i + 2] = sky[i + 2]!; }
  }
  const jpeg = await sharp(base, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
  const out = await replaceSky(jpeg, 'sunset');
  const a = await sharp(jpeg).resize(600).toBuffer(); const b = await sharp(out).resize(600).toBuffer();
  await sharp(out).extract({ left: 480, top: 250, width: 400, height: 300 }).toFile('/tmp/probe/zoom.png');
  await sharp({ create: { width: 1200, height: 450, channels: 3, background: '#fff' } }).composite([{ input: a, left: 0, top: 0 }, { input: b, left: 600, top: 0 }]).png().toFile('/tmp/probe/vis.png');
})();
(async () => { await new Promise((r) => setTimeout(r, 4000)); })();
