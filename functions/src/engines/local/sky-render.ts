/**
 * Procedural skies: a vertical colour gradient down to the horizon, fBm value-noise clouds,
 * and per type a sun glow, a moon, stars or snowflakes. Deterministic (seeded) so a result can
 * be reproduced. Also gives each sky the light it casts on the foreground.
 */
import type { SkyType } from '@vitrine/shared';
import { clamp } from './raster';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { exp, floor, imul, max, min, round, sqrt } = Math;

type Rgb = readonly [number, number, number];

/** Rows between a cloud pixel and the one that shades it. */
const SHADE_OFFSET = 4;

interface SkyLook {
  /** Gradient stops from the top (0) to the horizon (1). */
  gradient: readonly (readonly [number, Rgb])[];
  clouds: { cover: number; softness: number; shadow: Rgb; light: Rgb; opacity: number };
  /** Per-channel multiplier for the foreground so its light matches the sky. */
  light: Rgb;
}

const LOOKS: Record<SkyType, SkyLook> = {
  blue: {
    gradient: [
      [0, [36, 92, 186]],
      [0.6, [92, 150, 222]],
      [1, [186, 214, 242]],
    ],
    clouds: { cover: 0.62, softness: 0.16, shadow: [214, 224, 238], light: [252, 252, 254], opacity: 0.85 },
    light: [1.02, 1.02, 1.01],
  },
  sunset: {
    gradient: [
      [0, [42, 40, 96]],
      [0.4, [150, 74, 118]],
      [0.72, [238, 128, 70]],
      [1, [255, 206, 124]],
    ],
    clouds: { cover: 0.58, softness: 0.14, shadow: [112, 54, 86], light: [255, 164, 112], opacity: 0.75 },
    light: [1.1, 0.95, 0.8],
  },
  cloudy: {
    gradient: [
      [0, [148, 156, 170]],
      [1, [218, 223, 230]],
    ],
    clouds: { cover: 0.38, softness: 0.3, shadow: [160, 166, 178], light: [238, 240, 244], opacity: 0.9 },
    light: [0.97, 0.99, 1.04],
  },
  dramatic: {
    gradient: [
      [0, [26, 32, 46]],
      [0.7, [74, 82, 98]],
      [1, [150, 150, 146]],
    ],
    clouds: { cover: 0.45, softness: 0.1, shadow: [34, 38, 50], light: [210, 212, 218], opacity: 0.95 },
    light: [0.88, 0.9, 0.96],
  },
  night: {
    gradient: [
      [0, [4, 8, 28]],
      [0.7, [14, 24, 58]],
      [1, [34, 50, 92]],
    ],
    clouds: { cover: 0.7, softness: 0.12, shadow: [20, 26, 52], light: [52, 62, 96], opacity: 0.5 },
    light: [0.45, 0.5, 0.7],
  },
};

export function skyLight(type: SkyType): Rgb {
  return LOOKS[type].light;
}

/**
 * Renders `height` rows of a `width`-wide sky whose horizon sits at row `horizon` (the gradient
 * reaches its horizon colour there). Returns packed RGB bytes.
 */
export function renderSky(type: SkyType, width: number, height: number, horizon: number, seed = 7): Buffer {
  const look = LOOKS[type];
  const out = Buffer.alloc(width * height * 3);
  const noise = new ValueNoise(seed);
  const cloudScale = 3.2 / width;
  const { cover, softness, shadow, light, opacity } = look.clouds;
  const sun = type === 'sunset' ? { x: width * 0.68, y: horizon * 0.92, r: width * 0.05 } : null;
  const moon = type === 'night' ? { x: width * 0.78, y: horizon * 0.25, r: width * 0.022 } : null;
  const gradient = gradientTable(look.gradient, 1024);

  // One noise value per pixel, plus SHADE_OFFSET rows below the band for the cloud shading.
  const rows = height + SHADE_OFFSET;
  const field = new Float32Array(width * rows);
  for (let y = 0; y < rows; y++) {
    // Clouds flatten towards the horizon, as seen in perspective.
    const stretch = 1 + 2.5 * clamp(y / max(horizon, 1), 0, 1);
    for (let x = 0; x < width; x++) field[y * width + x] = noise.fbm(x * cloudScale, y * cloudScale * stretch, 5);
  }

  for (let y = 0; y < height; y++) {
    const t = clamp(y / max(horizon, 1), 0, 1);
    const g = round(t * 1023) * 3;
    for (let x = 0; x < width; x++) {
      let r = gradient[g]!;
      let gr = gradient[g + 1]!;
      let b = gradient[g + 2]!;

      const n = field[y * width + x]!;
      const density = smoothstep(cover - softness, cover + softness, n) * opacity;
      if (density > 0) {
        // Lit tops, shaded bases: denser cloud a little lower means this pixel is its top.
        const shade = clamp(0.5 + (n - field[(y + SHADE_OFFSET) * width + x]!) * 6, 0, 1);
        const cr = shadow[0] + (light[0] - shadow[0]) * shade;
        const cg = shadow[1] + (light[1] - shadow[1]) * shade;
        const cb = shadow[2] + (light[2] - shadow[2]) * shade;
        r += (cr - r) * density;
        gr += (cg - gr) * density;
        b += (cb - b) * density;
      }

      if (sun) {
        // A photographed low sun: a white-hot core with a soft edge (no flat disc), a warm bloom
        // that fades over several radii, and a wider faint glow.
        const d2 = ((x - sun.x) ** 2 + (y - sun.y) ** 2) / (sun.r * sun.r);
        const d = sqrt(d2);
        const core = smoothstep(0.75, 0.4, d);
        const bloom = min(1, exp(-d2 / 3) * 0.8 + exp(-d / 4) * 0.35);
        r += (255 - r) * bloom;
        gr += (214 - gr) * bloom;
        b += (160 - b) * bloom;
        r += (255 - r) * core;
        gr += (248 - gr) * core;
        b += (228 - b) * core;
      }
      if (moon) {
        const d2 = ((x - moon.x) ** 2 + (y - moon.y) ** 2) / (moon.r * moon.r);
        const glow = (d2 < 1 ? 0.95 : 0) + exp(-d2 / 6) * 0.25;
        r += (236 - r) * min(1, glow);
        gr += (236 - gr) * min(1, glow);
        b += (222 - b) * min(1, glow);
      }
      if (type === 'night' && density < 0.3) {
        const star = hash(x, y, seed);
        if (star > 0.9965) {
          const brightness = (star - 0.9965) / 0.0035;
          const level = 120 + brightness * 135 * (1 - t * 0.7);
          r = max(r, level);
          gr = max(gr, level);
          b = max(b, level + 10);
        }
      }
      if (type === 'cloudy' && hash(x, y, seed + 1) > 0.996) {
        // 'Enneigé': falling snow over a pale overcast sky.
        r = gr = b = 250;
      }

      const i = (y * width + x) * 3;
      out[i] = clamp(round(r), 0, 255);
      out[i + 1] = clamp(round(gr), 0, 255);
      out[i + 2] = clamp(round(b), 0, 255);
    }
  }
  return out;
}

function gradientTable(stops: SkyLook['gradient'], size: number): Float32Array {
  const table = new Float32Array(size * 3);
  for (let k = 0; k < size; k++) {
    const t = k / (size - 1);
    let index = 0;
    while (index < stops.length - 2 && t > stops[index + 1]![0]) index++;
    const [t0, c0] = stops[index]!;
    const [t1, c1] = stops[min(index + 1, stops.length - 1)]!;
    const f = t1 > t0 ? clamp((t - t0) / (t1 - t0), 0, 1) : 0;
    for (let c = 0; c < 3; c++) table[k * 3 + c] = c0[c]! + (c1[c]! - c0[c]!) * f;
  }
  return table;
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp((x - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
}

/** Integer hash to [0, 1). */
function hash(x: number, y: number, seed: number): number {
  let h = imul(x, 374761393) ^ imul(y, 668265263) ^ imul(seed, 2147483647);
  h = imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Lattice value noise with smooth interpolation; fbm sums octaves to ~[0, 1]. */
class ValueNoise {
  private readonly lattice = new Float32Array(256 * 256);

  constructor(seed: number) {
    for (let y = 0; y < 256; y++) for (let x = 0; x < 256; x++) this.lattice[y * 256 + x] = hash(x, y, seed);
  }

  sample(x: number, y: number): number {
    const xi = floor(x);
    const yi = floor(y);
    const fx = x - xi;
    const fy = y - yi;
    const x0 = xi & 255;
    const y0 = yi & 255;
    const x1 = (x0 + 1) & 255;
    const y1 = (y0 + 1) & 255;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const a = this.lattice[y0 * 256 + x0]!;
    const b = this.lattice[y0 * 256 + x1]!;
    const c = this.lattice[y1 * 256 + x0]!;
    const d = this.lattice[y1 * 256 + x1]!;
    return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
  }

  fbm(x: number, y: number, octaves: number): number {
    let sum = 0;
    let amplitude = 0.5;
    let frequency = 1;
    let norm = 0;
    for (let o = 0; o < octaves; o++) {
      sum += this.sample(x * frequency, y * frequency) * amplitude;
      norm += amplitude;
      amplitude *= 0.5;
      frequency *= 2.03;
    }
    return sum / norm;
  }
}
