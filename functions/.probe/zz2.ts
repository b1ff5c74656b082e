(() => {
  const n = 2_000_000;
  for (const [name, arr] of [['u8', new Uint8Array(n)], ['buf', Buffer.alloc(n)], ['f32', new Float32Array(n)]] as const) {
    const s = performance.now();
    let sum = 0;
    for (let k = 0; k < 5; k++) for (let i = 0; i < n; i++) { arr[i] = (i * 7) & 255; sum += arr[i]!; }
    console.log(name, performance.now() - s, sum);
  }
  let s = performance.now(); let x = 0;
  for (let i = 0; i < 10_000_000; i++) x += Math.min(i, 5) * Math.exp(-i % 3);
  console.log('math', performance.now() - s, x);
  s = performance.now(); x = 0;
  for (let i = 0; i < 3_000_000; i++) { const a = [i, i + 1, i + 2].map((c) => c + 1); x += a[0]!; }
  console.log('alloc', performance.now() - s, x);
})();
