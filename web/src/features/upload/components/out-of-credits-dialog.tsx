import { Link } from 'react-router-dom';
import { MESSAGES } from '@vitrine/shared';
import { paths } from '../../../app/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** Spec 2.8 / 8: 'Crédits épuisés'. The plans, with the upgrade, are on /dashboard/pricing. */
export function OutOfCreditsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={MESSAGES.wizard.outOfCreditsTitle}
      description={MESSAGES.wizard.outOfCreditsBody}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {MESSAGES.wizard.later}
          </Button>
          <Link to={paths.dashboard.pricing.getHref()} className={buttonClasses()}>
            {MESSAGES.wizard.seePlans}
          </Link>
        </>
      }
    />
  );
}
