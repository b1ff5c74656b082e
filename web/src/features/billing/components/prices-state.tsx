import { BILLING_TEXTS, type Price } from '@vitrine/shared';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Spinner } from '../../../components/ui/spinner';

/** Loading, failure (`error` text) and empty states of the plans list; `children` once there are plans. */
export function PricesState({
  prices,
  error,
  errorText,
  children,
}: {
  prices: Price[] | undefined;
  error: unknown;
  errorText: { title?: string; description: string };
  children: (prices: Price[]) => ReactNode;
}) {
  if (error) return <ErrorAlert {...errorText} />;
  if (!prices) return <Spinner />;
  if (prices.length === 0) return <p className="text-ink-700">{BILLING_TEXTS.errors.noPrices}</p>;
  return children(prices);
}
