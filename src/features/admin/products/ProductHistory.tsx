import styled from 'styled-components';
import type { HistoryEntry } from '@contract/productChanges';
import { QueryState } from '../../../shared/QueryState';
import { ACTION_LABELS, changeText, deltaText } from './productLabels';
import { useGetProductHistoryQuery } from './productsApi';

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Entry = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.lineStrong};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.sm};
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** What one entry did, in words: "stock +40 'delivery'", "Price 89.99 → 84.99", "retired". */
export function entryText(entry: HistoryEntry): string {
  if (entry.action === 'stock' && entry.delta !== null) {
    return `Stock ${deltaText(entry.delta)}${entry.reason ? ` ‘${entry.reason}’` : ''}`;
  }
  if (entry.action === 'retire' || entry.action === 'restore' || entry.action === 'create') {
    return ACTION_LABELS[entry.action];
  }
  const changes = entry.changes.map(changeText).join('; ');
  return changes ? `${ACTION_LABELS[entry.action]}: ${changes}` : ACTION_LABELS[entry.action];
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  return (
    <Entry>
      <p>{entryText(entry)}</p>
      <Meta>
        <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
        {' · '}
        {entry.by ?? 'the store'}
      </Meta>
    </Entry>
  );
}

/** A product's history, newest first: who changed what and when. */
export function ProductHistory({ id }: { id: string }) {
  const query = useGetProductHistoryQuery(id);
  return (
    <QueryState
      query={query}
      loadingLabel="Loading the history"
      errorMessage="We could not load the history."
    >
      {(entries) =>
        entries.length === 0 ? (
          <p>No changes recorded yet.</p>
        ) : (
          <List aria-label="Changes, newest first">
            {entries.map((entry, index) => (
              <HistoryItem key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </List>
        )
      }
    </QueryState>
  );
}
