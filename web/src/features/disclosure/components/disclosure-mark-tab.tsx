import {
  DISCLOSURE_MARK_TEXTS,
  MARK_CORNERS,
  MARK_LANGUAGES,
  type DisclosureMarkSettings,
  type MarkCorner,
  type MarkLanguage,
} from '@vitrine/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useDisclosureMark, useSaveDisclosureMark } from '../api/disclosure-mark';

const T = DISCLOSURE_MARK_TEXTS;

function Checkbox({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 h-4 w-4 rounded border-ink-300 text-brand-600 focus:ring-brand-500"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-ink-900">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-ink-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * Paramètres > Mention des retouches (issue 24, decision 117), for owners and admins: whether
 * exports of altered images carry the statement, where, in which language, with a QR code to the
 * original or not.
 */
export function DisclosureMarkTab() {
  const { data, error } = useDisclosureMark();
  if (error) return <ErrorAlert description={errorMessage(error, T.loadFailed)} />;
  if (!data) return <Spinner />;
  return <DisclosureMarkForm saved={data} />;
}

function DisclosureMarkForm({ saved }: { saved: DisclosureMarkSettings }) {
  const save = useSaveDisclosureMark();
  const { toast } = useToast();
  const [draft, setDraft] = useState<DisclosureMarkSettings>(saved);
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<DisclosureMarkSettings>) => setDraft({ ...draft, ...patch });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await save(draft);
      toast({ title: T.saved, variant: 'success' });
    } catch (saveError) {
      toast({ title: errorMessage(saveError, T.saveFailed), variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex max-w-2xl flex-col gap-5" onSubmit={(event) => void submit(event)}>
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold text-ink-900">{T.title}</h2>
        <p className="text-sm text-ink-700">{T.description}</p>
      </div>
      <Checkbox label={T.enabled} checked={draft.enabled} onChange={(enabled) => change({ enabled })} />
      <fieldset disabled={!draft.enabled} className="flex flex-col gap-4 disabled:opacity-60">
        <SelectField
          label={T.corner}
          value={draft.corner}
          options={MARK_CORNERS.map((corner) => ({ value: corner, label: T.corners[corner] }))}
          onValueChange={(corner) => change({ corner: corner as MarkCorner })}
        />
        <SelectField
          label={T.language}
          value={draft.language}
          options={MARK_LANGUAGES.map((language) => ({ value: language, label: T.languages[language] }))}
          onValueChange={(language) => change({ language: language as MarkLanguage })}
        />
        <Checkbox
          label={T.qrCode}
          hint={T.qrCodeHint}
          checked={draft.qrCode}
          onChange={(qrCode) => change({ qrCode })}
        />
      </fieldset>
      <div>
        <Button type="submit" isLoading={busy}>
          {busy ? T.saving : T.save}
        </Button>
      </div>
    </form>
  );
}
