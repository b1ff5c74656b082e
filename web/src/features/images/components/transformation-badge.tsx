import { transformationLabel, type Image } from '@vitrine/shared';
import { cn } from '../../../lib/cn';

/** What an image is: its transformation type and main option (decision 092), e.g. 'Ciel · Coucher de soleil'. */
export function TransformationBadge({ image, className }: { image: Image; className?: string }) {
  const label = transformationLabel(image.type, image.options);
  return (
    <span
      data-testid="transformation-badge"
      title={label}
      className={cn(
        'inline-block max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700',
        className,
      )}
    >
      {label}
    </span>
  );
}
