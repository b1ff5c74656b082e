import sharp from 'sharp';
const W = 4000, H = 3000;
async function main() {
  // synthetic photo-like: gradient + noise
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 3; const n = (Math.random() * 40) | 0;
    raw[i] = (x / W) * 150 + n; raw[i + 1] = (y / H) * 120 + n; raw[i + 2] = 80 + n;
  }
  const jpeg = await sharp(raw, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
  console.log('jpeg bytes', jpeg.length);
  const t = async (name: string, f: () => Promise<unknown>) => { const s = performance.now(); await f(); console.log(name, Math.round(performance.now() - s)); };
  await t('decode raw', () => sharp(jpeg).raw().toBuffer());
  await t('decode raw', () => sharp(jpeg).raw().toBuffer());
  await t('decode 320', () => sharp(jpeg).resize(320).raw().toBuffer());
  for (const c of [1, 2, 3, 6]) await t('png c' + c, () => sharp(jpeg).png({ compressionLevel: c }).toBuffer());
  await t('png c1 noadapt', () => sharp(jpeg).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer());
  await t('png c0', () => sharp(jpeg).png({ compressionLevel: 0, adaptiveFiltering: false }).toBuffer());
  await t('linear+gamma raw', () => sharp(jpeg).gamma(1, 1.5).linear([1.1, 1, 0.9], [-5, -5, -5]).raw().toBuffer());
  await t('modulate raw', () => sharp(jpeg).modulate({ saturation: 1.2 }).raw().toBuffer());
  await t('clahe raw', () => sharp(jpeg).clahe({ width: 64, height: 64, maxSlope: 2 }).raw().toBuffer());
  const ov = await sharp({ create: { width: 500, height: 375, channels: 4, background: { r: 180, g: 180, b: 180, alpha: 0.6 } } }).png().toBuffer();
  const ovFull = await sharp(ov).resize(W, H).raw().toBuffer();
  await t('composite soft-light raw', () => sharp(jpeg).composite([{ input: ovFull, raw: { width: W, height: H, channels: 4 }, blend: 'soft-light' }]).raw().toBuffer());
  await t('resize ov up', () => sharp(ov).resize(W, H).raw().toBuffer());
}
main();
