import { useState } from 'react';
import styled from 'styled-components';
import { toast } from 'react-toastify';
import type { User } from '@contract/users';
import { copy } from '@contract/copy';
import { apiErrorMessage, apiErrorStatus } from '../../store/apiError';
import { selectCurrentUser, selectStaffPermissions } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { PageHeading, PageIntro } from '../../ui/Page';
import { QueryState } from '../../shared/QueryState';
import { Table, TableHeader } from '../../ui/Table';
import { usePageTitle } from '../../ui/usePageTitle';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { useGetUsersQuery, useMakeAdminMutation } from './adminApi';

export const REMOVE_NOT_SUPPORTED = 'Removing users is not supported.';

const Question = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: nowrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const AdminBadge = styled.span`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  white-space: nowrap;
`;

const You = styled.span`
  margin-left: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

const [SL, EMAIL, JOB, COLOR] = copy.users.columns;

/** Job and Favorite Color are columns of the spec the store keeps no data for. */
function NotRecorded() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>Not recorded</VisuallyHidden>
    </>
  );
}

function UserRow({
  index,
  user,
  isMe,
  promoting,
  onPromote,
  canPromote,
}: {
  index: number;
  user: User;
  isMe: boolean;
  /** Only the owner gives roles: Make Admin is not offered to anyone else. */
  canPromote: boolean;
  /** A promotion is under way (one at a time). */
  promoting: boolean;
  onPromote: (email: string) => void;
}) {
  return (
    <tr role="row">
      <td role="cell" data-label={SL}>
        {index + 1}
      </td>
      <th role="rowheader" scope="row" data-label={EMAIL}>
        <span>
          {user.email}
          {isMe && <You>(you)</You>}
        </span>
      </th>
      <td role="cell" data-label={JOB}>
        <NotRecorded />
      </td>
      <td role="cell" data-label={COLOR}>
        <NotRecorded />
      </td>
      <td role="cell">
        <Actions>
          {user.role === 'admin' ? (
            <AdminBadge>{copy.users.alreadyAdmin}</AdminBadge>
          ) : (
            canPromote && (
              <Button $size="sm" onClick={() => onPromote(user.email)} disabled={promoting}>
                {copy.users.makeAdmin}
              </Button>
            )
          )}
          {/* The spec's button did nothing; the store has no removal, and says so. */}
          <Button $size="sm" $variant="secondary" disabled title={REMOVE_NOT_SUPPORTED}>
            {copy.users.removeUser}
          </Button>
        </Actions>
      </td>
    </tr>
  );
}

/** `/dashboard/alluser` (admins): every user who has signed in, and promotion to admin. */
export function AllUsersPage() {
  usePageTitle('All Users');
  const me = useAppSelector(selectCurrentUser);
  const permissions = useAppSelector(selectStaffPermissions);
  const canPromote = permissions === null || permissions.includes('roles.manage');
  const query = useGetUsersQuery();
  const [makeAdmin] = useMakeAdminMutation();
  const [promoting, setPromoting] = useState<string | null>(null);
  // Make Admin cannot be undone (the store has no demotion): it asks first, naming the user.
  const [confirming, setConfirming] = useState<string | null>(null);

  const promote = async (email: string) => {
    setConfirming(null);
    setPromoting(email);
    try {
      const { modifiedCount } = await makeAdmin(email).unwrap();
      // The list refetches through its cache tag either way.
      if (modifiedCount > 0) toast.success(copy.users.promoted);
      else toast.info(`${email} is already an admin.`);
    } catch (error) {
      const status = apiErrorStatus(error);
      toast.error(
        status === 401 || status === 403 ? copy.users.promoteFailed : apiErrorMessage(error),
      );
    } finally {
      setPromoting(null);
    }
  };

  return (
    <>
      <PageHeading>All Users</PageHeading>
      <PageIntro>
        Everyone who has signed in to the store. Admins can add products and see all orders.
      </PageIntro>
      <QueryState
        query={query}
        loadingLabel="Loading users"
        errorMessage="We could not load the users."
      >
        {(users) => (
          <Table caption="All users" hideCaption stackOnPhones>
            {/* Explicit roles: on phones the rows are laid out as cards (stackOnPhones). */}
            <TableHeader columns={[...copy.users.columns, 'Actions']} />
            <tbody role="rowgroup">
              {users.map((user, index) => (
                <UserRow
                  key={user._id}
                  index={index}
                  user={user}
                  isMe={user.email === me?.email.toLowerCase()}
                  promoting={promoting !== null}
                  onPromote={setConfirming}
                  canPromote={canPromote}
                />
              ))}
            </tbody>
          </Table>
        )}
      </QueryState>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Make this user an admin?"
        actions={
          <>
            <Button $variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button onClick={() => confirming && void promote(confirming)}>
              {copy.users.makeAdmin}
            </Button>
          </>
        }
      >
        <Question>
          <strong>{confirming}</strong> will be able to add products and see every order and user.
          This cannot be undone: the store has no way to remove an admin.
        </Question>
      </Modal>
    </>
  );
}
