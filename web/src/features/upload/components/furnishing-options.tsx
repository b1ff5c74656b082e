import { ROOM_TYPES, STYLES, type RoomType, type Style, WIZARD_TEXTS } from '@vitrine/shared';
import type { TransformationParameters } from '../transformation-options';
import { SelectField } from '../../../components/ui/select-field';

/** Options of staging and refresh: style, room type, and the two checkboxes (off by default). */
export function FurnishingOptions({
  parameters,
  onChange,
}: {
  parameters: TransformationParameters;
  onChange: (parameters: Partial<TransformationParameters>) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={WIZARD_TEXTS.style}
        options={STYLES}
        value={parameters.style}
        onValueChange={(value) => onChange({ style: value as Style })}
      />
      <SelectField
        label={WIZARD_TEXTS.roomType}
        options={ROOM_TYPES}
        value={parameters.roomType}
        onValueChange={(value) => onChange({ roomType: value as RoomType })}
      />
      <Checkbox
        label={WIZARD_TEXTS.changeFloor}
        checked={parameters.changeFloor}
        onChange={(changeFloor) => onChange({ changeFloor })}
      />
      <Checkbox
        label={WIZARD_TEXTS.repaintWalls}
        checked={parameters.repaintWalls}
        onChange={(repaintWalls) => onChange({ repaintWalls })}
      />
    </div>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 text-sm text-ink-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-brand-600"
      />
      {label}
    </label>
  );
}
