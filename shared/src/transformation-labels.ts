/**
 * What an image is, in words (decision 092): its transformation type and main option, for the
 * galleries' badges and list column, and as a slug in download and ZIP names.
 */
import {
  DEFAULT_ROOM_TYPE,
  DEFAULT_SKY_TYPE,
  DEFAULT_STYLE,
  type RoomType,
  type SkyType,
  type Style,
  type TransformationType,
} from './constants';
import { LABELS } from './texts/labels';
import type { TransformationOptions } from './types';

const labelOf = <K extends string>(labels: Record<K, string>, value: string | undefined, fallback: K): string =>
  labels[(value ?? fallback) as K] ?? value ?? labels[fallback];

/**
 * The option that tells two results of a type apart: the sky, or the style and room; none for
 * the types without options. Missing options (images saved before they were kept) read as none.
 */
export function mainOptionLabel(type: TransformationType, options: TransformationOptions | undefined): string | null {
  if (!options) return null;
  switch (type) {
    case 'sky-replacement':
      return labelOf<SkyType>(LABELS.skyType, options.sky_type, DEFAULT_SKY_TYPE);
    case 'virtual-staging':
    case 'room-refresh':
      return `${labelOf<Style>(LABELS.style, options.style, DEFAULT_STYLE)}, ${labelOf<RoomType>(
        LABELS.roomType,
        options.roomType,
        DEFAULT_ROOM_TYPE,
      )}`;
    default:
      return null;
  }
}

/** 'Ciel · Coucher de soleil', 'Home staging · Scandinave, Salon', 'Désencombrement'. */
export function transformationLabel(type: TransformationType, options: TransformationOptions | undefined): string {
  const option = mainOptionLabel(type, options);
  return option ? `${LABELS.transformationTypeShort[type]} · ${option}` : LABELS.transformationTypeShort[type];
}

/** Lower-case ASCII words joined by '-': 'Coucher de soleil' -> 'coucher-de-soleil'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The label as a file-name tag: 'ciel-coucher-de-soleil', 'home-staging-scandinave-salon'. */
export function transformationSlug(type: TransformationType, options: TransformationOptions | undefined): string {
  return slugify(transformationLabel(type, options));
}
