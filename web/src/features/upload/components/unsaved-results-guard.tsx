import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { WIZARD_TEXTS } from '@vitrine/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * While results whose credits are spent are unsaved, leaving asks first: an in-app navigation
 * (sidebar, breadcrumb, back) opens the dialog, a reload or a closed tab the browser's own prompt.
 */
export function UnsavedResultsGuard({ active }: { active: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium versions show the prompt only with returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={WIZARD_TEXTS.unsavedTitle}
      description={WIZARD_TEXTS.unsavedBody}
      confirmLabel={WIZARD_TEXTS.leave}
      cancelLabel={WIZARD_TEXTS.stay}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
