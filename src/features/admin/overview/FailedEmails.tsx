import { useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import type { EmailSummary } from '@contract/emails';
import { overviewCopy } from './overviewCopy';
import { apiErrorMessage } from '../../../store/apiError';
import { Button } from '../../../ui/Button';
import { QueryState } from '../../../shared/QueryState';
import { Table, TableHeader } from '../../../ui/Table';
import { useGetFailedEmailsQuery, useRetryEmailMutation } from './overviewApi';
import { Count, Panel, PanelHeader, Quiet } from './panel';
import { moment } from './queues';

/** The newest failed emails the overview lists. */
export const FAILED_EMAILS_SHOWN = 5;

const { failedEmails: words } = overviewCopy;
const [RECIPIENT, SUBJECT, WHY, WHEN, ACTION] = words.columns;

const Why = styled.td`
  max-width: 24rem;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.muted};
`;

const When = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

function EmailRow({
  email,
  busy,
  onRetry,
}: {
  email: EmailSummary;
  busy: boolean;
  onRetry: (email: EmailSummary) => void;
}) {
  const recipient = email.recipient ?? words.unknown;
  const subject = email.subject ?? words.unknown;
  return (
    <tr role="row">
      <th scope="row" role="rowheader" data-label={RECIPIENT}>
        {recipient}
      </th>
      <td role="cell" data-label={SUBJECT}>
        {subject}
      </td>
      <Why role="cell" data-label={WHY}>
        {email.lastError ?? words.unknown}
      </Why>
      <When role="cell" data-label={WHEN}>
        {moment(email.createdAt)}
      </When>
      <td role="cell" data-label={ACTION}>
        <Button
          $size="sm"
          $variant="secondary"
          disabled={busy}
          aria-label={words.retryLabel(subject, recipient)}
          onClick={() => onRetry(email)}
        >
          {busy ? words.retrying : words.retry}
        </Button>
      </td>
    </tr>
  );
}

/**
 * The emails the store gave up sending (a 5xx, or too many 4xx): how many, and the newest few
 * with who, what, the server's answer and when, each with Retry (queued once more; the list is
 * read again after).
 */
export function FailedEmails() {
  const query = useGetFailedEmailsQuery(FAILED_EMAILS_SHOWN, { refetchOnMountOrArgChange: true });
  const [retry] = useRetryEmailMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  const onRetry = async (email: EmailSummary) => {
    setBusyId(email.id);
    try {
      await retry(email.id).unwrap();
      toast.success(words.retried(email.recipient ?? words.unknown));
    } catch (error) {
      toast.error(apiErrorMessage(error));
    } finally {
      setBusyId(null);
      void query.refetch();
    }
  };

  return (
    <Panel aria-labelledby="overview-failed-emails">
      <PanelHeader>
        <h2 id="overview-failed-emails">{words.heading}</h2>
        {query.data && <Count>{words.count(query.data.total)}</Count>}
      </PanelHeader>
      <QueryState query={query} loadingLabel={words.loading} errorMessage={words.loadFailed}>
        {({ emails, total }) =>
          emails.length === 0 ? (
            <Quiet>{words.none}</Quiet>
          ) : (
            <>
              <Table caption={words.caption} hideCaption stackOnPhones>
                <TableHeader columns={words.columns} />
                <tbody role="rowgroup">
                  {emails.map((email) => (
                    <EmailRow
                      key={email.id}
                      email={email}
                      busy={busyId === email.id}
                      onRetry={(e) => void onRetry(e)}
                    />
                  ))}
                </tbody>
              </Table>
              {total > emails.length && <Quiet>{words.more(emails.length, total)}</Quiet>}
            </>
          )
        }
      </QueryState>
    </Panel>
  );
}
