import { useState } from 'react';
import { useFormik } from 'formik';
import styled from 'styled-components';
import * as yup from 'yup';
import { AUDIT_KINDS, type AuditEntry, type AuditQuery } from '@contract/staff';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../../ui/Form';
import { PageHeading, PageIntro } from '../../../ui/Page';
import { QueryState } from '../../../shared/QueryState';
import { Table, TableHeader } from '../../../ui/Table';
import { usePageTitle } from '../../../ui/usePageTitle';
import { CsvExportButton } from '../csv/CsvExportButton';
import { auditCopy } from './staffCopy';
import { useGetAuditQuery } from './staffApi';

const Code = styled.code`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Muted = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;

interface FilterValues {
  person: string;
  object: string;
  kind: string;
  from: string;
  to: string;
}

const filterSchema = yup.object({
  person: yup.string().trim().max(254),
  object: yup.string().trim().max(200),
  kind: yup.string().oneOf(['', ...AUDIT_KINDS]),
  from: yup.string(),
  to: yup.string(),
});

const PER_PAGE = 50;

/** The filters as the API takes them: empty ones left out, days as the start or end of the day. */
function queryOf(values: FilterValues): AuditQuery {
  const query: AuditQuery = {};
  if (values.person.trim()) query.person = values.person.trim();
  if (values.object.trim()) query.object = values.object.trim();
  if (values.kind) query.kind = values.kind as AuditQuery['kind'];
  if (values.from) query.from = new Date(`${values.from}T00:00:00`).toISOString();
  if (values.to) query.to = new Date(`${values.to}T23:59:59.999`).toISOString();
  return query;
}

const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

function AuditRow({ entry }: { entry: AuditEntry }) {
  const [when, who, from, what, object, before, after] = auditCopy.columns;
  return (
    <tr role="row">
      <td role="cell" data-label={when}>
        {new Date(entry.at).toLocaleString('en-US')}
      </td>
      <th role="rowheader" scope="row" data-label={who}>
        {entry.by ?? 'the store'}
      </th>
      <td role="cell" data-label={from}>
        {entry.address ?? '—'}
      </td>
      <td role="cell" data-label={what}>
        {entry.kind}: {entry.action}
        <Muted>{entry.call}</Muted>
      </td>
      <td role="cell" data-label={object}>
        {entry.objectType}
        <Muted>{entry.objectId ?? ''}</Muted>
      </td>
      <td role="cell" data-label={before}>
        <Code>{shown(entry.before)}</Code>
      </td>
      <td role="cell" data-label={after}>
        <Code>{shown(entry.after)}</Code>
        {entry.details !== null && <Muted>{shown(entry.details)}</Muted>}
      </td>
    </tr>
  );
}

/** `/dashboard/audit` (the owner and admins): every staff action, filtered, and its CSV. */
export function AuditPage() {
  usePageTitle(auditCopy.title);
  const [query, setQuery] = useState<AuditQuery>({});
  const [perPage, setPerPage] = useState(PER_PAGE);
  const audit = useGetAuditQuery({ ...query, perPage });
  const form = useFormik<FilterValues>({
    initialValues: { person: '', object: '', kind: '', from: '', to: '' },
    validationSchema: filterSchema,
    onSubmit: (values) => {
      setPerPage(PER_PAGE);
      setQuery(queryOf(values));
    },
  });
  const search = new URLSearchParams(query as Record<string, string>).toString();
  return (
    <>
      <PageHeading>{auditCopy.title}</PageHeading>
      <PageIntro>{auditCopy.intro}</PageIntro>
      <FormPanel onSubmit={form.handleSubmit} noValidate aria-label={auditCopy.filter}>
        <FieldRow $columns={3}>
          <TextField label={auditCopy.person} {...form.getFieldProps('person')} />
          <TextField label={auditCopy.object} {...form.getFieldProps('object')} />
          <SelectField label={auditCopy.kind} {...form.getFieldProps('kind')}>
            <option value="">{auditCopy.anyKind}</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </SelectField>
          <TextField label={auditCopy.from} type="date" {...form.getFieldProps('from')} />
          <TextField label={auditCopy.to} type="date" {...form.getFieldProps('to')} />
        </FieldRow>
        <FormActions>
          <Button type="submit">{auditCopy.filter}</Button>
          <CsvExportButton
            export={{
              path: `/audit.csv${search ? `?${search}` : ''}`,
              fileName: 'audit.csv',
              what: 'audit trail',
            }}
            label={auditCopy.exportCsv}
            busyLabel={auditCopy.exporting}
            saved={(name) => `Saved ${name}.`}
          />
        </FormActions>
      </FormPanel>
      <QueryState
        query={audit}
        loadingLabel={auditCopy.loading}
        errorMessage={auditCopy.loadFailed}
      >
        {({ entries, total }) =>
          entries.length === 0 ? (
            <p>{auditCopy.none}</p>
          ) : (
            <>
              <p>{auditCopy.shown(entries.length, total)}</p>
              <Table caption={auditCopy.title} hideCaption stackOnPhones>
                <TableHeader columns={[...auditCopy.columns]} />
                <tbody role="rowgroup">
                  {entries.map((entry) => (
                    <AuditRow key={entry._id} entry={entry} />
                  ))}
                </tbody>
              </Table>
              {entries.length < total && (
                <FormActions>
                  <Button
                    $variant="secondary"
                    onClick={() => setPerPage((n) => Math.min(n + PER_PAGE, 200))}
                  >
                    {auditCopy.more}
                  </Button>
                </FormActions>
              )}
            </>
          )
        }
      </QueryState>
    </>
  );
}
