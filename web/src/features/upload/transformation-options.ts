/** The spec's transformation parameters (section 3), their defaults (section 9) and which apply to each type. */
import {
  DEFAULT_ROOM_TYPE,
  DEFAULT_SKY_TYPE,
  DEFAULT_STYLE,
  type RoomType,
  type SkyType,
  type Style,
  type TransformationOptions,
  type TransformationType,
} from '@vitrine/shared';

export interface TransformationParameters {
  style: Style;
  roomType: RoomType;
  skyType: SkyType;
  changeFloor: boolean;
  repaintWalls: boolean;
}

export const DEFAULT_PARAMETERS: TransformationParameters = {
  style: DEFAULT_STYLE,
  roomType: DEFAULT_ROOM_TYPE,
  skyType: DEFAULT_SKY_TYPE,
  changeFloor: false,
  repaintWalls: false,
};

/** Which option form a type shows: furnishing (style, room, floor, walls), sky, or none. */
export type OptionGroup = 'furnishing' | 'sky' | 'none';

const OPTION_GROUPS: Record<TransformationType, OptionGroup> = {
  'virtual-staging': 'furnishing',
  'room-refresh': 'furnishing',
  'sky-replacement': 'sky',
  declutter: 'none',
  enhance: 'none',
};

export function optionGroupOf(type: TransformationType): OptionGroup {
  return OPTION_GROUPS[type];
}

/** The request options of a type: only those that apply to it (the API refuses the others). */
export function buildTransformationOptions(
  type: TransformationType,
  parameters: TransformationParameters,
): TransformationOptions {
  switch (optionGroupOf(type)) {
    case 'furnishing':
      return {
        style: parameters.style,
        roomType: parameters.roomType,
        changeFloor: parameters.changeFloor,
        repaintWalls: parameters.repaintWalls,
      };
    case 'sky':
      return { sky_type: parameters.skyType };
    case 'none':
      return {};
  }
}
