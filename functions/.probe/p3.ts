import sharp from 'sharp';
import { houseScene, renderHouseScene, encodeJpeg, renderDarkRoom } from '../src/engines/fixtures/synthetic-photos';
import { replaceSky } from '../src/engines/local/replace-sky';
import { enhance } from '../src/engines/local/enhance';
async function main() {
  const W = 4000, H = 3000;
  const scene = houseScene(W, H);
  const jpeg = await encodeJpeg(renderHouseScene(scene), W, H);
  for (const t of ['blue', 'sunset', 'cloudy', 'dramatic', 'night'] as const) {
    const s = performance.now();
    const out = await replaceSky(jpeg, t);
    console.log(t, Math.round(performance.now() - s), out.length);
    await sharp(out).resize(800).toFile(`/tmp/probe/sky-${t}.png`);
  }
  const dark = await encodeJpeg(renderDarkRoom(W, H), W, H);
  let s = performance.now(); const e = await enhance(dark); console.log('enhance', Math.round(performance.now() - s));
  s = performance.now(); await enhance(jpeg); console.log('enhance', Math.round(performance.now() - s));
  s = performance.now(); await sharp(jpeg).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer(); console.log('bare', Math.round(performance.now() - s));
  await sharp(e).resize(800).toFile('/tmp/probe/enh.png');
  await sharp(dark).resize(800).toFile('/tmp/probe/dark.png');
}
main();
