import { BILLING_TEXTS, formatInterval, formatPrice, type Price } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

const T = BILLING_TEXTS.subscription;

/** Asks before a prorated charge: a plan change bills the difference at once. */
export function PlanChangeDialog({
  price,
  processing,
  onConfirm,
  onClose,
}: {
  price: Price | null;
  processing: boolean;
  onConfirm: (price: Price) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={price !== null}
      onClose={processing ? () => undefined : onClose}
      title={price ? T.confirmTitle(price.name) : ''}
      description={
        price
          ? T.confirmBody(
              T.amountPerInterval(formatPrice(price.amount, price.currency), formatInterval(price.interval)),
            )
          : undefined
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={processing}>
            {T.cancel}
          </Button>
          <Button onClick={() => price && onConfirm(price)} isLoading={processing}>
            {T.confirm}
          </Button>
        </>
      }
    />
  );
}
