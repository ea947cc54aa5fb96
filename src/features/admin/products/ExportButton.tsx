import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { useAppDispatch } from '../../../store/hooks';
import { renewSession } from '../../../store/session';
import { downloadProductsCsv } from './exportCsv';

/** Downloads every product as CSV (the import's format). */
export function ExportButton() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const name = await downloadProductsCsv(() => dispatch(renewSession()));
      toast.success(`The products were saved as ${name}.`);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button $size="sm" $variant="secondary" disabled={busy} onClick={() => void download()}>
      {busy ? <Spinner inline label="Exporting the products" showLabel /> : 'Export CSV'}
    </Button>
  );
}
