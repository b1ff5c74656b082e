/**
 * Skies rendered by our own code (decision 069): no photograph's licence travels into the
 * customers' listings. A sky is a gradient shaped by the air mass a ray crosses (Kasten and
 * Young): the zenith's colour overhead, the horizon's where the path through the air is long,
 * the blend following 1 - exp(-k (m - 1)) as in-scattered light does, so the sky pales quickly
 * just above the horizon and slowly higher up; a forward-scattering glow around the sun
 * (Henyey-Greenstein phase); and a layer of procedural clouds seen in perspective (fractal value
 * noise on a plane above the camera, so clouds shrink toward the horizon and fade into its haze),
 * shaded by their own density toward the sun. Each type has several looks, chosen by the
 * transformation's seed, so 'Régénérer' paints another sky. The looks are rendered by
 * `scripts/render-skies.ts` into functions/assets/skies (the runtime only decodes them: a render
 * at that size takes seconds).
 */
import type { SkyType } from '@vitrine/shared';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { cos, exp, floor, max, min, pow, sin, sqrt, PI } = Math;

/**
 * Size of the rendered skies: wider than a 12 MP photo (4000 to 4096 px), so that fitting one to it
 * is a slight reduction, about three times cheaper in sharp than the 1.6x enlargement a 2560 px
 * render needed, and sharper (decision 157).
 */
export const RENDER_WIDTH = 4096;
export const RENDER_HEIGHT = 2304;
/**
 * Stars and snowflakes are counted (per million pixels) and sized for a render this wide, and
 * scale with the width: the same sky at any size.
 */
const SPRINKLE_WIDTH = 2560;
/** Elevation of the render's top row (degrees); its bottom row is the horizon. */
const TOP_ELEVATION = 38;
/** Horizontal field of view (degrees). */
const FIELD_OF_VIEW = 64;
/** How fast the sky turns from the zenith's colour to the horizon's with the air mass. */
const HAZE_PER_AIR_MASS = 0.11;

type Rgb = readonly [number, number, number];

interface Clouds {
  /** Share of the sky covered, 0..1. */
  coverage: number;
  /** Noise cells per unit of the cloud plane: larger is smaller clouds. */
  scale: number;
  /** Horizontal stretch of the noise (cirrus, stratus bands): above 1 draws streaks. */
  stretch: number;
  /** Softness of the clouds' edges (noise units). */
  softness: number;
  /** Opacity of a cloud's core (thin cirrus below 1). */
  opacity: number;
  /** Colours (sRGB) of a cloud's sunlit and shaded parts. */
  lit: Rgb;
  shade: Rgb;
  /** Noise offset: another part of the same infinite cloud field. */
  offset: number;
}

export interface SkyLook {
  /** Colours (sRGB) overhead and at the horizon. */
  zenith: Rgb;
  horizon: Rgb;
  /** Sun: elevation and azimuth (degrees, 0 ahead), the colour of its glow and its strength. */
  sunElevation: number;
  sunAzimuth: number;
  glow: Rgb;
  glowStrength: number;
  clouds: Clouds | null;
  /** Stars per million pixels (night), snowflakes per million pixels (winter). */
  stars?: number;
  snow?: number;
  /**
   * Share of the scene's light that comes from the sun rather than the whole sky (1 under a blue
   * sky or a sunset, 0 under an overcast): the exposure follows the horizon's brightness where the
   * sun lights the scene, the whole sky's mean where the sky does (sky-assets.ts).
   */
  sunlight: number;
  /** How far the horizon colour is lifted toward a pale haze for the light it casts (sky-assets.ts). */
  hazeLift: number;
}

const cloud = (c: Partial<Clouds> & Pick<Clouds, 'lit' | 'shade' | 'offset'>): Clouds => ({
  coverage: 0.35,
  scale: 1.4,
  stretch: 1.4,
  softness: 0.06,
  opacity: 1,
  ...c,
});

/**
 * The looks of each type, as issue 21 describes them: a clear blue with light clouds; a warm
 * golden hour with lit clouds; a bright, soft, textured winter overcast (one with light snow);
 * dark clouds with light breaking through; a deep blue evening with stars.
 */
export const SKY_LOOKS: Readonly<Record<SkyType, readonly SkyLook[]>> = {
  blue: [
    {
      zenith: [52, 108, 192],
      horizon: [192, 216, 236],
      sunElevation: 50,
      sunAzimuth: 120,
      glow: [255, 250, 235],
      glowStrength: 0.08,
      clouds: cloud({ coverage: 0.28, lit: [250, 250, 250], shade: [160, 172, 192], offset: 0 }),
      sunlight: 1,
      hazeLift: 0.35,
    },
    {
      zenith: [44, 100, 186],
      horizon: [186, 212, 236],
      sunElevation: 45,
      sunAzimuth: -130,
      glow: [255, 250, 235],
      glowStrength: 0.08,
      clouds: cloud({
        coverage: 0.3,
        scale: 0.9,
        stretch: 5,
        softness: 0.1,
        opacity: 0.55,
        lit: [245, 247, 250],
        shade: [200, 210, 226],
        offset: 37.3,
      }),
      sunlight: 1,
      hazeLift: 0.35,
    },
  ],
  sunset: [
    {
      zenith: [62, 74, 136],
      horizon: [255, 176, 92],
      sunElevation: 2,
      sunAzimuth: 14,
      glow: [255, 196, 120],
      glowStrength: 0.55,
      // Broken altocumulus, gold where the low sun lights them (decision 085: the streaks of a
      // stretch of 2.4 read as a warm gradient, not as lit clouds).
      clouds: cloud({
        coverage: 0.45,
        scale: 2.2,
        stretch: 1.3,
        softness: 0.05,
        lit: [255, 200, 135],
        shade: [104, 72, 106],
        offset: 11.1,
      }),
      sunlight: 1,
      hazeLift: 0.05,
    },
    {
      zenith: [72, 78, 140],
      horizon: [250, 150, 76],
      sunElevation: 1,
      sunAzimuth: -22,
      glow: [255, 170, 90],
      glowStrength: 0.7,
      clouds: cloud({
        coverage: 0.36,
        scale: 0.8,
        stretch: 5,
        softness: 0.08,
        opacity: 0.95,
        lit: [255, 160, 112],
        shade: [104, 74, 108],
        offset: 71.9,
      }),
      sunlight: 1,
      hazeLift: 0.05,
    },
  ],
  cloudy: [
    {
      zenith: [196, 202, 212],
      horizon: [230, 233, 238],
      sunElevation: 20,
      sunAzimuth: 30,
      glow: [255, 255, 255],
      glowStrength: 0.04,
      clouds: cloud({
        coverage: 0.75,
        scale: 1.1,
        stretch: 1.8,
        softness: 0.16,
        lit: [240, 242, 246],
        shade: [178, 184, 194],
        offset: 5.5,
      }),
      sunlight: 0,
      hazeLift: 0.1,
    },
    {
      zenith: [190, 197, 208],
      horizon: [226, 230, 236],
      sunElevation: 18,
      sunAzimuth: -35,
      glow: [255, 255, 255],
      glowStrength: 0.04,
      clouds: cloud({
        coverage: 0.8,
        scale: 1.4,
        stretch: 1.4,
        softness: 0.18,
        lit: [236, 239, 244],
        shade: [172, 179, 190],
        offset: 23.4,
      }),
      snow: 500,
      sunlight: 0,
      hazeLift: 0.1,
    },
  ],
  dramatic: [
    {
      zenith: [150, 160, 176],
      horizon: [242, 228, 196],
      sunElevation: 6,
      sunAzimuth: 18,
      glow: [255, 236, 190],
      glowStrength: 0.35,
      clouds: cloud({
        coverage: 0.8,
        scale: 1.2,
        stretch: 1.6,
        softness: 0.07,
        lit: [132, 134, 142],
        shade: [30, 34, 44],
        offset: 3.3,
      }),
      sunlight: 0.1,
      hazeLift: 0.1,
    },
    {
      zenith: [132, 144, 162],
      horizon: [226, 224, 214],
      sunElevation: 12,
      sunAzimuth: -25,
      glow: [255, 246, 220],
      glowStrength: 0.3,
      clouds: cloud({
        coverage: 0.84,
        scale: 0.9,
        stretch: 2.4,
        softness: 0.06,
        lit: [116, 120, 130],
        shade: [26, 30, 40],
        offset: 91.7,
      }),
      sunlight: 0.1,
      hazeLift: 0.1,
    },
  ],
  night: [
    {
      zenith: [8, 16, 44],
      horizon: [44, 68, 118],
      sunElevation: -8,
      sunAzimuth: 0,
      glow: [70, 90, 140],
      glowStrength: 0.15,
      clouds: null,
      stars: 120,
      sunlight: 0.5,
      hazeLift: 0.04,
    },
    {
      zenith: [6, 12, 34],
      horizon: [34, 54, 100],
      sunElevation: -10,
      sunAzimuth: 40,
      glow: [60, 80, 130],
      glowStrength: 0.12,
      clouds: cloud({
        coverage: 0.28,
        scale: 0.8,
        stretch: 4,
        softness: 0.12,
        opacity: 0.5,
        lit: [52, 64, 100],
        shade: [18, 26, 52],
        offset: 51.2,
      }),
      stars: 200,
      sunlight: 0.5,
      hazeLift: 0.04,
    },
  ],
};

/** Which look a seed paints: any integer, negative included, picks one, the same every time. */
export function lookIndex(type: SkyType, seed: number): number {
  const count = SKY_LOOKS[type].length;
  return ((floor(seed) % count) + count) % count;
}

/** 32-bit integer hash of a lattice point (xorshift-multiply), 0..1. */
function hash(x: number, y: number): number {
  let h = (x * 374761393 + y * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Smooth value noise, 0..1. */
function valueNoise(x: number, y: number): number {
  const x0 = floor(x);
  const y0 = floor(y);
  const tx = x - x0;
  const ty = y - y0;
  const sx = tx * tx * (3 - 2 * tx);
  const sy = ty * ty * (3 - 2 * ty);
  const a = hash(x0, y0);
  const b = hash(x0 + 1, y0);
  const c = hash(x0, y0 + 1);
  const d = hash(x0 + 1, y0 + 1);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

/** Fractal sum of `octaves` noises, 0..1 (about 0.5 on average). */
function fbm(x: number, y: number, octaves: number): number {
  let sum = 0;
  let amplitude = 0.5;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += valueNoise(x, y) * amplitude;
    norm += amplitude;
    // Rotated between octaves so the lattice never lines up.
    const nx = x * 1.6 + y * 1.2 + 17.1;
    y = y * 1.6 - x * 1.2 + 4.7;
    x = nx;
    amplitude *= 0.5;
  }
  return sum / norm;
}

function smoothstep(edge0: number, edge1: number, v: number): number {
  const t = min(1, max(0, (v - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** Relative air mass along a ray at elevation e (radians), Kasten and Young (1989). */
function airMass(elevation: number): number {
  const degrees = max(0, (elevation * 180) / PI);
  return 1 / (sin(max(0, elevation)) + 0.50572 * pow(degrees + 6.07995, -1.6364));
}

function toLinear(byte: number): number {
  const s = byte / 255;
  return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
}

/** Linear light to an sRGB byte, with a soft shoulder so a bright glow never clips flat. */
function toByte(linear: number): number {
  const v = linear <= 0.85 ? linear : 0.85 + (0.15 * (linear - 0.85)) / (0.15 + (linear - 0.85));
  const s = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055;
  return s <= 0 ? 0 : s >= 1 ? 255 : floor(s * 255 + 0.5);
}

const linear = (c: Rgb) => c.map(toLinear) as unknown as Rgb;

/** Henyey-Greenstein phase for the cosine of the angle to the sun, normalised to 1 at the sun. */
function phase(cosine: number, g: number): number {
  return pow((1 - g) ** 2 / (1 + g * g - 2 * g * cosine), 1.5);
}

/** Renders a look: packed RGB, `width` x `height`, its bottom row at the horizon. */
export function renderSkyLook(look: SkyLook, width = RENDER_WIDTH, height = RENDER_HEIGHT): Buffer {
  const out = Buffer.alloc(width * height * 3);
  const toRad = PI / 180;
  const sunE = look.sunElevation * toRad;
  const sunA = look.sunAzimuth * toRad;
  const sun = [cos(sunE) * sin(sunA), sin(sunE), cos(sunE) * cos(sunA)] as const;
  const zenith = linear(look.zenith);
  const horizon = linear(look.horizon);
  const glow = linear(look.glow);
  const clouds = look.clouds;
  const lit = clouds ? linear(clouds.lit) : zenith;
  const shade = clouds ? linear(clouds.shade) : zenith;
  const topMass = airMass(TOP_ELEVATION * toRad);
  const horizonMass = airMass(0);
  const span = 1 - exp(-HAZE_PER_AIR_MASS * (horizonMass - topMass));
  // Noise threshold for the coverage (fractal noise clusters around 0.5).
  const threshold = clouds ? 0.5 + (0.5 - clouds.coverage) * 0.42 : 1;
  const sky = new Float32Array(3);
  for (let y = 0; y < height; y++) {
    const elevation = (1 - (y + 0.5) / height) * TOP_ELEVATION * toRad;
    const sinE = sin(elevation);
    const cosE = cos(elevation);
    const haze = (1 - exp(-HAZE_PER_AIR_MASS * (airMass(elevation) - topMass))) / span;
    // Aerial perspective: clouds far away fade into the horizon's haze.
    const distanceFade = smoothstep(0.01, 0.16, sinE);
    for (let x = 0; x < width; x++) {
      const azimuth = ((x + 0.5) / width - 0.5) * FIELD_OF_VIEW * toRad;
      const dx = cosE * sin(azimuth);
      const dz = cosE * cos(azimuth);
      const cosSun = dx * sun[0] + sinE * sun[1] + dz * sun[2];
      // A tight glow around the sun and a broad one along the horizon under it.
      const around = look.glowStrength * (phase(cosSun, 0.75) * 0.6 + phase(cosSun, 0.3) * 0.4) * (0.4 + 0.6 * haze);
      for (let c = 0; c < 3; c++) sky[c] = zenith[c]! + (horizon[c]! - zenith[c]!) * haze + glow[c]! * around;
      if (clouds && distanceFade > 0) {
        // The ray meets the cloud plane (height 1) at distance 1 / sin(e).
        const t = 1 / sinE;
        const u = (dx * t * clouds.scale) / clouds.stretch + clouds.offset;
        const v = dz * t * clouds.scale + clouds.offset * 0.37;
        const n = fbm(u, v, 6);
        const density =
          smoothstep(threshold - clouds.softness, threshold + clouds.softness, n) * clouds.opacity * distanceFade;
        if (density > 0) {
          // Self-shadowing: where the noise grows toward the sun, the light is blocked.
          const towardSun = fbm(u + sun[0] * 0.2, v + sun[2] * 0.2, 4);
          const light = smoothstep(-0.08, 0.1, n - towardSun) * 0.75 + 0.25 * (1 - smoothstep(threshold, 0.8, n));
          const rim = 1 + look.glowStrength * 0.8 * max(0, cosSun) ** 8;
          for (let c = 0; c < 3; c++) {
            const colour = (shade[c]! + (lit[c]! - shade[c]!) * light) * rim;
            // Far clouds take the horizon's haze too.
            const hazed = colour + (horizon[c]! - colour) * haze * 0.55;
            sky[c] = sky[c]! + (hazed - sky[c]!) * density;
          }
        }
      }
      const i = (y * width + x) * 3;
      out[i] = toByte(sky[0]!);
      out[i + 1] = toByte(sky[1]!);
      out[i + 2] = toByte(sky[2]!);
    }
  }
  if (look.stars) sprinkle(out, width, height, look.stars, 7, 'star');
  if (look.snow) sprinkle(out, width, height, look.snow, 13, 'snow');
  return out;
}

/**
 * Stars (points of a pixel or two, dimmer toward the horizon's haze) or snowflakes (soft discs of
 * 1 to 3 px, any height), in pixels of a SPRINKLE_WIDTH render: placed by the same hash, so a look
 * is the same every time, at any size.
 */
function sprinkle(out: Buffer, width: number, height: number, perMillion: number, salt: number, kind: 'star' | 'snow') {
  const scale = width / SPRINKLE_WIDTH;
  const count = floor((perMillion * width * height) / 1e6 / (scale * scale));
  for (let k = 0; k < count; k++) {
    const cx = hash(k, salt) * width;
    const cy = hash(salt, k) * height;
    const size = (kind === 'star' ? 0.6 + pow(hash(k, salt + 1), 6) * 1.4 : 0.9 + hash(k, salt + 1) * 1.8) * scale;
    const strength =
      kind === 'star'
        ? (0.35 + 0.65 * pow(hash(k + 1, salt), 3)) * (1 - smoothstep(0.55, 1, cy / height))
        : 0.55 + 0.35 * hash(k + 2, salt);
    const reach = Math.ceil(size + 1);
    for (let y = max(0, floor(cy) - reach); y <= min(height - 1, floor(cy) + reach); y++) {
      for (let x = max(0, floor(cx) - reach); x <= min(width - 1, floor(cx) + reach); x++) {
        const d = sqrt((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2);
        const a = strength * (1 - smoothstep(size * 0.4, size, d));
        if (a <= 0) continue;
        const i = (y * width + x) * 3;
        const tint = kind === 'star' ? [0.95, 0.97, 1] : [1, 1, 1];
        for (let c = 0; c < 3; c++) out[i + c] = out[i + c]! + (255 * tint[c]! - out[i + c]!) * a;
      }
    }
  }
}
