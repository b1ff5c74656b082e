/**
 * Per-type transformation options (spec 2.7 and 7): which options apply to which type, their
 * names and defaults. Their French messages are TRANSFORMATION_MESSAGES (texts/processing.ts).
 * Options that do not apply to the type are dropped; values outside the spec's lists are refused.
 */
import * as z from 'zod/mini';
import {
  DEFAULT_ROOM_TYPE,
  DEFAULT_SKY_TYPE,
  DEFAULT_STYLE,
  ROOM_TYPES,
  SKY_TYPES,
  STYLES,
  TRANSFORMATION_TYPES,
  type RoomType,
  type SkyType,
  type Style,
  type TransformationType,
} from './constants';
import { safeParseInFrench } from './parse-in-french';
import { API_TEXTS } from './texts/api';
import { TRANSFORMATION_MESSAGES } from './texts/processing';

const values = <T extends { value: string }>(list: readonly T[]) =>
  list.map((item) => item.value) as [T['value'], ...T['value'][]];

/** Booleans as JSON, or 'true'/'false' as the original multipart API sent them. */
const flag = (message: string) =>
  z._default(
    z.pipe(
      z.union([z.boolean(), z.enum(['true', 'false'])], { error: message }),
      z.transform((value: boolean | 'true' | 'false') => value === true || value === 'true'),
    ),
    false,
  );

const style = z._default(z.enum(values(STYLES), { error: TRANSFORMATION_MESSAGES.invalidStyle }), DEFAULT_STYLE);
const roomType = z._default(
  z.enum(values(ROOM_TYPES), { error: TRANSFORMATION_MESSAGES.invalidRoomType }),
  DEFAULT_ROOM_TYPE,
);

const interiorOptions = z.object({
  style,
  roomType,
  changeFloor: flag(TRANSFORMATION_MESSAGES.invalidChangeFloor),
  repaintWalls: flag(TRANSFORMATION_MESSAGES.invalidRepaintWalls),
});

export const TRANSFORMATION_OPTION_SCHEMAS = {
  'virtual-staging': interiorOptions,
  'room-refresh': interiorOptions,
  'sky-replacement': z.object({
    sky_type: z._default(
      z.enum(values(SKY_TYPES), { error: TRANSFORMATION_MESSAGES.invalidSkyType }),
      DEFAULT_SKY_TYPE,
    ),
  }),
  declutter: z.object({}),
  enhance: z.object({}),
} as const satisfies Record<TransformationType, z.ZodMiniType>;

export interface InteriorOptions {
  style: Style;
  roomType: RoomType;
  changeFloor: boolean;
  repaintWalls: boolean;
}
export interface SkyOptions {
  sky_type: SkyType;
}

/** The options each type takes, after defaults. */
export type OptionsOf<T extends TransformationType> = z.output<(typeof TRANSFORMATION_OPTION_SCHEMAS)[T]>;

export const transformationTypeSchema = z.enum(values(TRANSFORMATION_TYPES), {
  error: TRANSFORMATION_MESSAGES.unknownType,
});

export function isTransformationType(value: unknown): value is TransformationType {
  return transformationTypeSchema.safeParse(value).success;
}

export type OptionsResult =
  { success: true; options: OptionsOf<TransformationType> } | { success: false; message: string };

/**
 * Validates the options of a request body for a type: keeps the options that apply, fills the
 * spec's defaults, refuses unknown values with the first French message.
 */
export function parseTransformationOptions(type: TransformationType, input: unknown): OptionsResult {
  const body = typeof input === 'object' && input !== null ? input : {};
  const result = safeParseInFrench(TRANSFORMATION_OPTION_SCHEMAS[type], body);
  if (result.success) return { success: true, options: result.data };
  return { success: false, message: result.error.issues[0]?.message ?? API_TEXTS.invalidRequest };
}
