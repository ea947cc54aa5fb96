import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { useAppDispatch } from '../../../store/hooks';
import { renewSession } from '../../../store/session';
import { downloadCsv, type CsvExport } from './csvDownload';

interface CsvExportButtonProps {
  export: CsvExport;
  /** The button's words: `Export CSV`, `Download fitments (CSV)`. */
  label: string;
  /** What the spinner says while the file comes: `Exporting the products`. */
  busyLabel: string;
  /** The toast once the file is saved, given its name. */
  saved: (name: string) => string;
  size?: 'sm';
}

/** Downloads an admin's CSV export (the format its import reads). */
export function CsvExportButton({
  export: what,
  label,
  busyLabel,
  saved,
  size,
}: CsvExportButtonProps) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const name = await downloadCsv(what, () => dispatch(renewSession()));
      toast.success(saved(name));
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button $size={size} $variant="secondary" disabled={busy} onClick={() => void download()}>
      {busy ? <Spinner inline label={busyLabel} showLabel /> : label}
    </Button>
  );
}
