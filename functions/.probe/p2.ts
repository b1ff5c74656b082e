import sharp from 'sharp';
const W = 4000, H = 3000;
async function main() {
  const t = async (name: string, f: () => Promise<unknown>) => { const s = performance.now(); const r = await f(); console.log(name, Math.round(performance.now() - s)); return r; };
  const small4 = Buffer.alloc(1333 * 1000 * 4, 120);
  const small1 = Buffer.alloc(500 * 375, 120);
  for (const k of ['nearest', 'linear', 'cubic', 'lanczos3'] as const)
    await t('4ch up ' + k, () => sharp(small4, { raw: { width: 1333, height: 1000, channels: 4 } }).resize(W, H, { fit: 'fill', kernel: k }).raw().toBuffer());
  await t('4ch up linear 40%', () => sharp(small4, { raw: { width: 1333, height: 400, channels: 4 } }).resize(W, 1200, { fit: 'fill', kernel: 'linear' }).raw().toBuffer());
  await t('1ch up linear', () => sharp(small1, { raw: { width: 500, height: 375, channels: 1 } }).resize(W, H, { fit: 'fill', kernel: 'linear' }).raw().toBuffer());
  const a = Buffer.alloc(W * H * 3, 100); const g = Buffer.alloc(W * H, 140);
  await t('js mult', async () => { for (let p = 0, i = 0; p < W * H; p++, i += 3) { const k = g[p]!; a[i] = Math.min(255, (a[i]! * k) >> 7); a[i+1] = Math.min(255, (a[i+1]! * k) >> 7); a[i+2] = Math.min(255, (a[i+2]! * k) >> 7); } });
  await t('js mult', async () => { for (let p = 0, i = 0; p < W * H; p++, i += 3) { const k = g[p]!; a[i] = Math.min(255, (a[i]! * k) >> 7); a[i+1] = Math.min(255, (a[i+1]! * k) >> 7); a[i+2] = Math.min(255, (a[i+2]! * k) >> 7); } });
  await t('recomb raw', () => sharp(a, { raw: { width: W, height: H, channels: 3 } }).recomb([[1.1, 0.1, 0], [0, 1, 0], [0, 0, 0.9]]).raw().toBuffer());
  await t('png from raw c1 nf', () => sharp(a, { raw: { width: W, height: H, channels: 3 } }).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer());
}
main();
