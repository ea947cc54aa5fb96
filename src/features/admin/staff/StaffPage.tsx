import { useState } from 'react';
import { useFormik } from 'formik';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import * as yup from 'yup';
import {
  PERMISSION_WORDS,
  ROLE_NAMES,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '@contract/staff';
import { apiErrorMessage } from '../../../store/apiError';
import { Button } from '../../../ui/Button';
import { FieldError, TextField } from '../../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../../ui/Form';
import { PageHeading, PageIntro } from '../../../ui/Page';
import { QueryState } from '../../../shared/QueryState';
import { Spinner } from '../../../ui/Spinner';
import { Section, StaffSessions, StaffTable } from './StaffTables';
import { usePageTitle } from '../../../ui/usePageTitle';
import { staffCopy } from './staffCopy';
import { useGetStaffCentresQuery, useSetStaffRolesMutation } from './staffApi';

const Roles = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.sm};
  label {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    align-items: flex-start;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

interface RolesValues {
  email: string;
  roles: StaffRole[];
  refundLimit: string;
  /** The fitting role runs every centre, or only `centres`. */
  everyCentre: boolean;
  centres: string[];
}

const rolesSchema = yup.object({
  email: yup.string().trim().required(staffCopy.emailRequired).email(staffCopy.emailInvalid),
  roles: yup.array(yup.string().oneOf(STAFF_ROLES).required()).required(),
  refundLimit: yup
    .string()
    .trim()
    .test('dollars', staffCopy.limitInvalid, (typed) => !typed || /^\d+(\.\d{1,2})?$/.test(typed)),
  everyCentre: yup.boolean().required(),
  centres: yup
    .array(yup.string().required())
    .required()
    .test(
      'some',
      staffCopy.centresRequired,
      (centres, { parent }) =>
        !(parent as RolesValues).roles.includes('fitting') ||
        (parent as RolesValues).everyCentre ||
        centres.length > 0,
    ),
});

/** The centres a fitter runs: every one, or those ticked. Shown with the fitting role only. */
function CentresField({
  everyCentre,
  chosen,
  error,
  onEvery,
  onToggle,
}: {
  everyCentre: boolean;
  chosen: readonly string[];
  error: string | undefined;
  onEvery: (every: boolean) => void;
  onToggle: (centreId: string) => void;
}) {
  const centres = useGetStaffCentresQuery();
  return (
    <Roles aria-describedby="centres-hint">
      <legend>{staffCopy.centres}</legend>
      <small id="centres-hint">{staffCopy.centresHint}</small>
      <label>
        <input type="checkbox" checked={everyCentre} onChange={() => onEvery(!everyCentre)} />
        <span>{staffCopy.everyCentre}</span>
      </label>
      {!everyCentre && (
        <QueryState
          query={centres}
          loadingLabel={staffCopy.loadingCentres}
          errorMessage={staffCopy.centresFailed}
        >
          {(list) => (
            <>
              {list.map((centre) => (
                <label key={centre._id}>
                  <input
                    type="checkbox"
                    name="centres"
                    value={centre._id}
                    checked={chosen.includes(centre._id)}
                    onChange={() => onToggle(centre._id)}
                  />
                  <span>
                    {centre.name}
                    <small>{centre.city}</small>
                  </span>
                </label>
              ))}
            </>
          )}
        </QueryState>
      )}
      {error && <FieldError role="alert">{error}</FieldError>}
    </Roles>
  );
}

/** What a role lets a person do, under its name. */
const roleHint = (role: StaffRole) =>
  role === 'owner'
    ? 'everything, and the staff'
    : role === 'admin'
      ? 'everything but the staff'
      : ROLE_PERMISSIONS[role].map((permission) => PERMISSION_WORDS[permission]).join('; ');

function RolesForm({ editing }: { editing: StaffMember | null }) {
  const [setRoles] = useSetStaffRolesMutation();
  const form = useFormik<RolesValues>({
    initialValues: {
      email: editing?.email ?? '',
      roles: editing?.roles ?? [],
      refundLimit: editing ? String(editing.refundLimit) : '',
      everyCentre: (editing?.centres ?? null) === null,
      centres: editing?.centres ?? [],
    },
    enableReinitialize: true,
    validationSchema: rolesSchema,
    onSubmit: async (values) => {
      const email = values.email.trim();
      try {
        await setRoles({
          email,
          roles: values.roles,
          ...(values.refundLimit.trim() ? { refundLimit: Number(values.refundLimit) } : {}),
          ...(values.roles.includes('fitting')
            ? { centres: values.everyCentre ? null : values.centres }
            : {}),
        }).unwrap();
        toast.success(staffCopy.saved(email));
      } catch (error) {
        toast.error(apiErrorMessage(error));
      }
    },
  });
  const toggle = (role: StaffRole) =>
    form.setFieldValue(
      'roles',
      form.values.roles.includes(role)
        ? form.values.roles.filter((held) => held !== role)
        : [...form.values.roles, role],
    );
  return (
    <FormPanel onSubmit={form.handleSubmit} noValidate aria-label={staffCopy.formTitle}>
      <h2>{staffCopy.formTitle}</h2>
      <FieldRow $columns={2}>
        <TextField
          label={staffCopy.email}
          type="email"
          {...form.getFieldProps('email')}
          error={form.touched.email ? form.errors.email : undefined}
        />
        <TextField
          label={staffCopy.refundLimit}
          inputMode="decimal"
          {...form.getFieldProps('refundLimit')}
          error={form.touched.refundLimit ? form.errors.refundLimit : undefined}
        />
      </FieldRow>
      <Roles>
        <legend>{staffCopy.roles}</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role}>
            <input
              type="checkbox"
              name="roles"
              value={role}
              checked={form.values.roles.includes(role)}
              onChange={() => void toggle(role)}
            />
            <span>
              {ROLE_NAMES[role]}
              <small>{roleHint(role)}</small>
            </span>
          </label>
        ))}
      </Roles>
      {form.values.roles.includes('fitting') && (
        <CentresField
          everyCentre={form.values.everyCentre}
          chosen={form.values.centres}
          error={form.submitCount > 0 ? (form.errors.centres as string | undefined) : undefined}
          onEvery={(every) => void form.setFieldValue('everyCentre', every)}
          onToggle={(id) =>
            void form.setFieldValue(
              'centres',
              form.values.centres.includes(id)
                ? form.values.centres.filter((held) => held !== id)
                : [...form.values.centres, id],
            )
          }
        />
      )}
      <FormActions>
        <Button type="submit" disabled={form.isSubmitting}>
          {staffCopy.save}
        </Button>
        {form.isSubmitting && <Spinner inline label={staffCopy.saving} showLabel />}
      </FormActions>
    </FormPanel>
  );
}

/** `/dashboard/staff` (the owner): give and take roles, refund limits, the staff's sessions. */
export function StaffPage() {
  usePageTitle(staffCopy.title);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  return (
    <>
      <PageHeading>{staffCopy.title}</PageHeading>
      <PageIntro>{staffCopy.intro}</PageIntro>
      <RolesForm editing={editing} />
      <Section aria-label={staffCopy.staffTitle}>
        <h2>{staffCopy.staffTitle}</h2>
        <StaffTable onEdit={setEditing} />
      </Section>
      <StaffSessions />
    </>
  );
}
