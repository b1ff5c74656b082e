import { BILLING_TEXTS, type Price } from '@vitrine/shared';
import { useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useChangePlan } from '../api/change-plan';

/** Plan change with its notifications (spec 8: 'Billing Error' / 'Could not update your subscription.'). */
export function usePlanChange() {
  const changePlan = useChangePlan();
  const { toast } = useToast();
  const [pending, setPending] = useState<Price | null>(null);

  const change = async (price: Price): Promise<boolean> => {
    if (!price.stripePriceId) return false;
    setPending(price);
    try {
      await changePlan(price.stripePriceId);
      toast({
        title: BILLING_TEXTS.subscription.changed,
        description: BILLING_TEXTS.subscription.changedBody(price.name),
        variant: 'success',
      });
      return true;
    } catch (error) {
      toast({
        title: BILLING_TEXTS.settingsErrors.title,
        description: errorMessage(error, BILLING_TEXTS.settingsErrors.changePlan),
        variant: 'error',
      });
      return false;
    } finally {
      setPending(null);
    }
  };

  return { change, pending };
}
