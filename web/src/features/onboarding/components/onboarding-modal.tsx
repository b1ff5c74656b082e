import {
  BILLING_TEXTS,
  organizationCreateSchema,
  formatInterval,
  formatPrice,
  type Price,
  type User,
} from '@vitrine/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { PlanCard } from '../../../components/plan-card';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorAlert, type ErrorAlertProps } from '../../../components/ui/error-alert';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { getAccessToken } from '../../../lib/auth';
import { useZodForm } from '../../../lib/form';
import { getUser, getUserKey } from '../../../lib/session';
import { createOrganization, InvalidOrganizationResponseError } from '../api/create-organization';
import { personalSpaceName } from '../personal-space-name';

const T = BILLING_TEXTS.onboarding;
const E = BILLING_TEXTS.errors;
const STEP_COUNT = 4;

type Step = 0 | 1 | 2 | 3;

export interface OnboardingPlans {
  data?: Price[];
  error?: unknown;
  isLoading: boolean;
}

export interface OnboardingModalProps {
  open: boolean;
  user: User;
  /** The plans of GET /billing/prices, default features filled in. */
  plans: OnboardingPlans;
  /** Requests the payment session and leaves for it; rejects when it cannot. */
  onCheckout: (stripePriceId: string, organizationId: string) => Promise<void>;
  /** Turns a checkout failure into the text to show (the server's message when it sent one). */
  checkoutErrorMessage?: (error: unknown) => string;
  /** The modal blocks the page, sidebar included: its own way out of the account. */
  onLogout: () => void;
}

/**
 * Spec 2.6 / 4: welcome, plan choice, agency name (organization plans only), then confirmation
 * and payment. Not dismissable: the dashboard needs an active subscription.
 */
export function OnboardingModal({
  open,
  user,
  plans,
  onCheckout,
  checkoutErrorMessage,
  onLogout,
}: OnboardingModalProps) {
  const [step, setStep] = useState<Step>(0);
  const [plan, setPlan] = useState<Price | null>(null);
  const [organization, setOrganization] = useState<{ id: string; name: string } | null>(
    user.organization ? { id: user.organization.id, name: user.organization.name } : null,
  );
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<ErrorAlertProps | null>(null);
  const { toast } = useToast();
  const { mutate } = useSWRConfig();

  const organizationId = organization?.id ?? user.organizationId ?? undefined;
  useCheckoutCanceled(open, plans.data, (chosen) => {
    setError({ title: T.paymentFailed.title, description: T.paymentFailed.description });
    if (chosen && organizationId) {
      setPlan(chosen);
      setStep(3);
    } else setStep(1);
  });

  /** Creates the organization; on failure the user is back on the plan choice (spec 4). */
  const create = async (name: string): Promise<boolean> => {
    setProcessing(true);
    setError(null);
    try {
      if (!(await getAccessToken())) {
        setError(E.authRequired);
        setStep(1);
        return false;
      }
      const created = await createOrganization(name);
      setOrganization(created);
      toast({ title: T.organizationCreated, description: created.name, variant: 'success' });
      void mutate(getUserKey());
      return true;
    } catch (caught) {
      // 409: the caller already has an organization (created in another tab): pay for that one.
      if (caught instanceof ApiError && caught.code === 'CONFLICT') {
        const existing = (await getUser().catch(() => undefined))?.organization;
        if (existing) {
          setOrganization({ id: existing.id, name: existing.name });
          void mutate(getUserKey());
          return true;
        }
      }
      if (caught instanceof InvalidOrganizationResponseError) console.error(caught.message);
      setError({
        title: E.organizationCreate.title,
        description: errorMessage(caught, E.organizationCreate.description),
      });
      setStep(1);
      return false;
    } finally {
      setProcessing(false);
    }
  };

  const choose = async (chosen: Price) => {
    setPlan(chosen);
    setError(null);
    if (organizationId) return setStep(3);
    if (chosen.is_organization) return setStep(2);
    if (await create(personalSpaceName(user))) setStep(3);
  };

  const pay = async () => {
    setError(null);
    const token = await getAccessToken();
    if (!plan?.stripePriceId || !token || !organizationId) {
      setError({ description: E.missingInformation });
      return;
    }
    setProcessing(true);
    try {
      await onCheckout(plan.stripePriceId, organizationId);
      // The browser is leaving for the payment page: stay busy so nothing is sent twice.
    } catch (caught) {
      setError({
        title: E.subscribe.title,
        description: checkoutErrorMessage?.(caught) ?? errorMessage(caught, E.subscribe.description),
      });
      setProcessing(false);
    }
  };

  const titles: Record<Step, string> = {
    0: T.welcome(user.firstName ?? ''),
    1: T.chooseTitle,
    2: T.agencyTitle,
    3: T.confirmTitle,
  };

  return (
    <Dialog
      open={open}
      onClose={() => undefined}
      dismissable={false}
      size={step === 1 ? 'lg' : 'md'}
      title={titles[step]}
      description={T.stepLabel(step + 1, STEP_COUNT)}
      footer={
        <Button variant="ghost" size="sm" onClick={onLogout} disabled={processing}>
          {T.logout}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        {error && <ErrorAlert {...error} />}
        {user.removedFromOrganization && !organizationId && (
          <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-ink-800">
            {T.removedFromOrganization(user.removedFromOrganization.name)}
          </p>
        )}
        {step === 0 && (
          <>
            <p className="text-ink-700">{T.welcomeBody}</p>
            <div className="flex justify-end">
              <Button onClick={() => setStep(1)}>{T.continue}</Button>
            </div>
          </>
        )}
        {step === 1 && <PlanChoice plans={plans} processing={processing} onChoose={(chosen) => void choose(chosen)} />}
        {step === 2 && (
          <AgencyNameForm
            processing={processing}
            onBack={() => setStep(1)}
            onSubmit={async (name) => {
              if (await create(name)) setStep(3);
            }}
          />
        )}
        {step === 3 && plan && (
          <>
            <p className="text-ink-700">{T.confirmBody}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-ink-50 p-4 text-sm">
              <dt className="text-ink-600">{T.plan}</dt>
              <dd className="font-medium">{plan.name}</dd>
              <dt className="text-ink-600">{T.amount}</dt>
              <dd className="font-medium">
                {BILLING_TEXTS.subscription.amountPerInterval(
                  formatPrice(plan.amount, plan.currency),
                  formatInterval(plan.interval),
                )}
              </dd>
              {organization && (
                <>
                  <dt className="text-ink-600">{T.organization}</dt>
                  <dd className="font-medium">{organization.name}</dd>
                </>
              )}
            </dl>
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="outline" onClick={() => setStep(1)} disabled={processing}>
                {T.back}
              </Button>
              <Button onClick={() => void pay()} isLoading={processing}>
                {T.pay}
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

/**
 * Stripe Checkout's cancel URL (`?checkout=canceled&price=<the plan's price>`, decision 096): the
 * user came back without paying. Once the plans are known, `onCanceled` gets the plan they had
 * chosen (undefined when it is no longer sold), and the parameters leave the URL so a reload does
 * not say it again.
 */
function useCheckoutCanceled(open: boolean, plans: Price[] | undefined, onCanceled: (plan: Price | undefined) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const canceled = searchParams.get('checkout') === 'canceled';
  const priceId = searchParams.get('price');
  useEffect(() => {
    if (!open || !canceled || !plans) return;
    onCanceled(plans.find((price) => price.stripePriceId && price.stripePriceId === priceId));
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        next.delete('price');
        return next;
      },
      { replace: true },
    );
    // onCanceled is a new closure each render; the URL parameters decide when this runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, canceled, priceId, plans, setSearchParams]);
}

function PlanChoice({
  plans,
  processing,
  onChoose,
}: {
  plans: OnboardingPlans;
  processing: boolean;
  onChoose: (plan: Price) => void;
}) {
  if (plans.error) return <ErrorAlert title={E.pricesLoad.title} description={E.pricesLoad.description} />;
  if (!plans.data) return <Spinner />;
  if (plans.data.length === 0) return <p className="text-ink-700">{E.noPrices}</p>;
  return (
    <div className="grid gap-6 pt-2 md:grid-cols-2">
      {plans.data.map((price) => {
        const selectable = Boolean(price.stripePriceId);
        return (
          <PlanCard
            key={price.id}
            {...price}
            headingId={`onboarding-plan-${price.id}`}
            action={
              <>
                <Button fullWidth disabled={!selectable || processing} onClick={() => onChoose(price)}>
                  {T.choose(price.name)}
                </Button>
                {!selectable && (
                  <p className="mt-2 text-center text-sm text-ink-600">{BILLING_TEXTS.planCard.unavailable}</p>
                )}
              </>
            }
          />
        );
      })}
    </div>
  );
}

function AgencyNameForm({
  processing,
  onBack,
  onSubmit,
}: {
  processing: boolean;
  onBack: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useZodForm(organizationCreateSchema, { name: '' });
  const empty = watch('name').trim() === '';

  return (
    <form
      onSubmit={(event) => void handleSubmit(({ name }) => onSubmit(name))(event)}
      noValidate
      className="flex flex-col gap-4"
    >
      <Input
        label={T.agencyLabel}
        required
        autoComplete="organization"
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onBack} disabled={processing}>
          {T.back}
        </Button>
        <Button type="submit" disabled={empty} isLoading={processing}>
          {T.agencySubmit}
        </Button>
      </div>
    </form>
  );
}
