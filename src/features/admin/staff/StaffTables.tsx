import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { ROLE_NAMES, type StaffMember, type StaffRole } from '@contract/staff';
import { apiErrorMessage } from '../../../store/apiError';
import { QueryState } from '../../../shared/QueryState';
import { ActionCell, Table, TableHeader } from '../../../ui/Table';
import { staffCopy } from './staffCopy';
import {
  useEndStaffSessionMutation,
  useGetStaffCentresQuery,
  useGetStaffQuery,
  useGetStaffSessionsQuery,
} from './staffApi';

/** The staff page's tables: who holds which roles, and the staff's signed-in sessions. */

const CentresNote = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
`;

export const Section = styled.section`
  margin-top: ${({ theme }) => theme.space.xl};
`;

const rolesOf = (roles: readonly StaffRole[]) =>
  roles.length > 0 ? roles.map((role) => ROLE_NAMES[role]).join(', ') : staffCopy.noRoles;

/** A table of people: a row each, headed by their email, then its cells and one action. */
function PeopleTable<Row extends { _id: string; email: string }>({
  caption,
  columns,
  rows,
  cells,
  action,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly Row[];
  cells: (row: Row) => ReactNode[];
  action: (row: Row) => ReactNode;
}) {
  return (
    <Table caption={caption} hideCaption stackOnPhones>
      <TableHeader columns={columns} />
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr role="row" key={row._id}>
            <th role="rowheader" scope="row" data-label={columns[0]}>
              {row.email}
            </th>
            {cells(row).map((cell, index) => (
              <td role="cell" key={columns[index + 1]} data-label={columns[index + 1]}>
                {cell}
              </td>
            ))}
            {action(row)}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function StaffTable({ onEdit }: { onEdit: (member: StaffMember) => void }) {
  const staff = useGetStaffQuery();
  // Names are needed only for fitters scoped to centres.
  const centres = useGetStaffCentresQuery(undefined, {
    skip: !staff.data?.some((member) => (member.centres?.length ?? 0) > 0),
  });
  const centreName = (id: string) => centres.data?.find((centre) => centre._id === id)?.name ?? id;
  /** A fitter's centres, under the roles (a column more would not fit a tablet). */
  const centresOf = (member: StaffMember) =>
    !member.roles.includes('fitting')
      ? null
      : `${staffCopy.centres}: ${
          member.centres === null
            ? staffCopy.everyCentre
            : staffCopy.centresOf(member.centres.map(centreName))
        }`;
  return (
    <QueryState query={staff} loadingLabel={staffCopy.loading} errorMessage={staffCopy.loadFailed}>
      {(members) => (
        <PeopleTable
          caption={staffCopy.staffTitle}
          columns={staffCopy.columns}
          rows={members}
          cells={(member) => [
            <>
              {rolesOf(member.roles)}
              {centresOf(member) && <CentresNote>{centresOf(member)}</CentresNote>}
            </>,
            member.roles.includes('refunds') ? `$${member.refundLimit.toFixed(2)}` : '—',
          ]}
          action={(member) => (
            <ActionCell label={`${staffCopy.edit} ${member.email}`} onClick={() => onEdit(member)}>
              {staffCopy.edit}
            </ActionCell>
          )}
        />
      )}
    </QueryState>
  );
}

export function StaffSessions() {
  const sessions = useGetStaffSessionsQuery();
  const [end, ending] = useEndStaffSessionMutation();
  const endOne = async (id: string, email: string) => {
    try {
      await end(id).unwrap();
      toast.success(staffCopy.ended(email));
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };
  return (
    <Section aria-labelledby="staff-sessions">
      <h2 id="staff-sessions">{staffCopy.sessionsTitle}</h2>
      <p>{staffCopy.sessionsIntro}</p>
      <QueryState
        query={sessions}
        loadingLabel={staffCopy.loadingSessions}
        errorMessage={staffCopy.sessionsFailed}
      >
        {(rows) =>
          rows.length === 0 ? (
            <p>{staffCopy.noSessions}</p>
          ) : (
            <PeopleTable
              caption={staffCopy.sessionsTitle}
              columns={staffCopy.sessionColumns}
              rows={rows}
              cells={(row) => [
                rolesOf(row.roles),
                new Date(row.signedInAt).toLocaleString('en-US'),
              ]}
              action={(row) => (
                <ActionCell
                  label={`${staffCopy.endSession}: ${row.email}`}
                  disabled={ending.isLoading}
                  onClick={() => void endOne(row._id, row.email)}
                >
                  {staffCopy.endSession}
                </ActionCell>
              )}
            />
          )
        }
      </QueryState>
    </Section>
  );
}
