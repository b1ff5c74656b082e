import { Link } from 'react-router-dom';
import { WIZARD_TEXTS } from '@vitrine/shared';
import { paths } from '../../../config/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** Spec 2.8 / 8: 'Crédits épuisés'. The plans, with the upgrade, are on /dashboard/pricing. */
export function OutOfCreditsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={WIZARD_TEXTS.outOfCreditsTitle}
      description={WIZARD_TEXTS.outOfCreditsBody}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {WIZARD_TEXTS.later}
          </Button>
          <Link to={paths.dashboard.pricing.getHref()} className={buttonClasses()}>
            {WIZARD_TEXTS.seePlans}
          </Link>
        </>
      }
    />
  );
}
