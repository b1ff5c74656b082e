import { DISCLOSURE_MARK_TEXTS, EXPORT_VERSIONS, type ExportVersion } from '@vitrine/shared';
import { SelectField } from './ui/select-field';

const T = DISCLOSURE_MARK_TEXTS;

/**
 * The version downloads take (decisions 117, 130): with the mark (default) or clean; the clean one
 * comes with the reminder of the duty to disclose. The galleries' toolbars and the wizard's results.
 */
export function ExportVersionChoice({
  value,
  onChange,
}: {
  value: ExportVersion;
  onChange: (value: ExportVersion) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField
        label={T.versionLabel}
        value={value}
        options={EXPORT_VERSIONS.map((version) => ({ value: version, label: T.versions[version] }))}
        onValueChange={(version) => onChange(version as ExportVersion)}
        containerClassName="w-48"
      />
      {value === 'clean' && (
        <p role="note" className="max-w-xl rounded-card bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {T.cleanReminder}
        </p>
      )}
    </div>
  );
}
