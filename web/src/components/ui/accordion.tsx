import { useId, useState, type ReactNode } from 'react';
import { ICON_PATHS, StrokeIcon } from './stroke-icon';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** 'single': opening an item closes the one open. @default 'single' */
  mode?: 'single' | 'multiple';
  /** Ids open at first. */
  defaultOpen?: readonly string[];
  /** Heading level wrapping each button. @default 3 */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** Disclosure list (WAI-ARIA accordion pattern): buttons with aria-expanded inside headings. */
export function Accordion({
  items,
  mode = 'single',
  defaultOpen = [],
  headingLevel = 3,
  className = '',
}: AccordionProps) {
  const baseId = useId();
  const [open, setOpen] = useState<readonly string[]>(() =>
    mode === 'single' ? defaultOpen.slice(0, 1) : defaultOpen,
  );
  const Heading = `h${headingLevel}` as const;

  const toggle = (id: string) => {
    setOpen((current) => {
      if (current.includes(id)) return current.filter((openId) => openId !== id);
      return mode === 'single' ? [id] : [...current, id];
    });
  };

  return (
    <div className={`divide-y divide-ink-200 rounded-xl border border-ink-200 bg-white ${className}`}>
      {items.map((item) => {
        const isOpen = open.includes(item.id);
        const buttonId = `${baseId}-button-${item.id}`;
        const panelId = `${baseId}-panel-${item.id}`;
        return (
          <div key={item.id}>
            <Heading className="m-0 text-base font-semibold">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-ink-900 hover:bg-ink-50 focus-visible:-outline-offset-2"
              >
                <span>{item.title}</span>
                <StrokeIcon
                  d={ICON_PATHS.chevronDown}
                  className={`shrink-0 transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="px-5 pb-5 text-ink-700"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
