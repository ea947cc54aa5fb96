import { copy } from '@contract/copy';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { AuthError } from './AuthCard';

/** The end of both forms: the red 'Error : …' line, then the spinner or the submit button. */
export function AuthFormFooter({
  error,
  working,
  submitLabel,
  workingLabel,
}: {
  error: string | null;
  working: boolean;
  submitLabel: string;
  workingLabel: string;
}) {
  return (
    <>
      {error && (
        <AuthError role="alert">
          {copy.auth.errorPrefix}
          {error}
        </AuthError>
      )}
      {working ? (
        <Spinner label={workingLabel} />
      ) : (
        <Button type="submit" $block>
          {submitLabel}
        </Button>
      )}
    </>
  );
}
