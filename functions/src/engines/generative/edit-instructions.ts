/**
 * What each transformation asks of a generative model, in English, from the type and its options:
 * the change to make as an instruction (instruction-following models: OpenAI's GPT Image) and as a
 * caption of the finished photo (diffusion inpainting: Stability AI, whose guide asks for captions),
 * what must stay (walls, windows, perspective, light) and what must not appear. Pure, shared by the
 * providers' request builders; where to paint is the edit region's job (edit-region.ts), not words.
 */
import {
  DEFAULT_ROOM_TYPE,
  DEFAULT_SKY_TYPE,
  DEFAULT_STYLE,
  type SkyType,
  type TransformationOptions,
  type TransformationType,
} from '@vitrine/shared';

export interface EditInstructions {
  /** The edit, as one instruction. */
  instruction: string;
  /** What must be preserved exactly. */
  keep: string[];
  /** What must not appear in the result (for models taking a negative prompt). */
  avoid: string[];
  /** The finished photo described as a caption, without negations (diffusion models). */
  caption: string;
}

const SKIES: Record<SkyType, string> = {
  blue: 'a clear deep-blue sky with a few light white clouds, bright midday sunlight',
  sunset: 'a warm sunset sky in orange, pink and purple tones, the sun low on the horizon, golden light',
  cloudy: 'a pale overcast winter sky with light falling snow, soft diffuse light',
  dramatic: 'a dramatic stormy sky with dark textured clouds and bright breaks of light',
  night: 'a clear starry night sky in deep navy blue with a bright moon, soft moonlight',
};

const STRUCTURE = [
  'the walls, ceiling and room layout',
  'the windows and doors, their size and position',
  'the camera perspective and framing',
  'the natural lighting direction',
];

const ALWAYS_AVOID = ['people', 'text', 'watermark', 'logos', 'distorted architecture', 'warped lines', 'cartoon look'];

export function editInstructions(type: TransformationType, options: TransformationOptions): EditInstructions {
  const style = options.style ?? DEFAULT_STYLE;
  const room = (options.roomType ?? DEFAULT_ROOM_TYPE).toLowerCase();
  switch (type) {
    case 'virtual-staging':
      return {
        instruction:
          `Virtually stage this empty ${room} with furniture and decor in a ${style} interior design style: ` +
          `furniture of realistic scale placed naturally on the floor, ${surfaceChanges(options)}. ` +
          'Photorealistic real-estate photograph.',
        keep: keepList(options),
        avoid: ALWAYS_AVOID,
        caption:
          `A photorealistic real-estate photograph of this ${room}, furnished in a ${style} interior design style, ` +
          `furniture of realistic scale standing on the floor, ${surfaceCaption(options)}, soft natural light.`,
      };
    case 'room-refresh':
      return {
        instruction:
          `Renovate this ${room} in a ${style} interior design style: updated finishes, furniture and fixtures ` +
          `in the same places, ${surfaceChanges(options)}. Photorealistic real-estate photograph.`,
        keep: keepList(options),
        avoid: [...ALWAYS_AVOID, 'extra rooms', 'changed room shape'],
        caption:
          `A photorealistic real-estate photograph of this ${room}, renovated in a ${style} interior design style, ` +
          `updated furniture and finishes, ${surfaceCaption(options)}, soft natural light.`,
      };
    case 'declutter':
      return {
        instruction:
          'Remove the clutter from this room: personal belongings, loose objects, boxes, cables, bags and items on ' +
          'floors, tables and counters, leaving clean, tidy surfaces. Keep the large furniture. Photorealistic.',
        keep: [...STRUCTURE, 'the large furniture and built-in fixtures', 'the floor and wall finishes'],
        avoid: [...ALWAYS_AVOID, 'new objects'],
        caption: 'A photorealistic real-estate photograph of this tidy room, clean bare floor and clear surfaces.',
      };
    case 'sky-replacement': {
      const sky = SKIES[(options.sky_type as SkyType | undefined) ?? DEFAULT_SKY_TYPE] ?? SKIES[DEFAULT_SKY_TYPE];
      return {
        instruction: `Replace the sky with ${sky}, and match the light on the building and the ground to the new sky.`,
        keep: [
          'the building, its roof line and facade',
          'the trees, ground and every object below the skyline',
          'the camera perspective',
        ],
        avoid: ALWAYS_AVOID,
        caption: `A photorealistic real-estate photograph of this house under ${sky}.`,
      };
    }
    case 'enhance':
      return {
        instruction:
          'Enhance this real-estate photograph like a professional HDR edit: balanced exposure, lifted shadows, ' +
          'recovered highlights, neutral white balance, natural saturation and crisp detail.',
        keep: ['every object, surface and colour of the scene', 'the camera perspective and framing'],
        avoid: [...ALWAYS_AVOID, 'added objects', 'removed objects', 'over-saturated colours', 'halos'],
        caption: 'A professionally edited real-estate photograph, balanced exposure, natural colours, crisp detail.',
      };
  }
}

function surfaceChanges(options: TransformationOptions): string {
  const floor = options.changeFloor ? 'a new floor covering that suits the style' : 'the existing floor unchanged';
  const walls = options.repaintWalls ? 'walls repainted in a clean white' : 'the existing wall colour unchanged';
  return `${floor}, ${walls}`;
}

function surfaceCaption(options: TransformationOptions): string {
  const floor = options.changeFloor ? 'a new floor covering that suits the style' : 'the existing floor';
  const walls = options.repaintWalls ? 'walls repainted in a clean white' : 'the existing wall colour';
  return `${floor}, ${walls}`;
}

function keepList(options: TransformationOptions): string[] {
  return [
    ...STRUCTURE,
    ...(options.changeFloor ? [] : ['the existing floor']),
    ...(options.repaintWalls ? [] : ['the existing wall colour']),
  ];
}

/** The full instruction for instruction-following models, in one prompt. */
export function instructionPrompt(instructions: EditInstructions): string {
  return [
    instructions.instruction,
    `Keep exactly: ${instructions.keep.join('; ')}.`,
    `Do not add: ${instructions.avoid.join(', ')}.`,
  ].join(' ');
}

/** Cut at the last sentence or clause that fits a provider's prompt limit. */
export function fitText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf(', '));
  return (end > max / 2 ? cut.slice(0, end + 1) : cut).trim();
}
