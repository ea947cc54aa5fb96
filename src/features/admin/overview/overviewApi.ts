import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { EmailList, EmailSummary } from '@contract/emails';
import type { Overview } from '@contract/overview';
import { api, LIST } from '../../../store/api';

/** The failed emails the overview shows, newest first, and how many there are in all. */
export interface FailedEmails {
  emails: EmailList;
  total: number;
}

/**
 * The admins' overview (`GET /admin/overview`). It shows orders and stock, so it shares their
 * list tags: shipping, a refund or a restock made elsewhere in this tab refreshes it. The
 * emails the store could not send (`GET /admin/emails?status=failed`) are read beside it, and
 * one is sent again with `POST /admin/emails/{id}/retry`; the page reads the list again after.
 */
export const overviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOverview: build.query<Overview, void>({
      query: () => 'admin/overview',
      providesTags: [
        { type: 'Order', id: LIST },
        { type: 'Product', id: LIST },
      ],
    }),
    getFailedEmails: build.query<FailedEmails, number>({
      query: (perPage) => `admin/emails?status=failed&perPage=${perPage}`,
      transformResponse: (emails: EmailList, meta) => {
        const total = Number(
          (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('x-total-count'),
        );
        return { emails, total: Number.isSafeInteger(total) ? total : emails.length };
      },
    }),
    retryEmail: build.mutation<EmailSummary, string>({
      query: (id) => ({ url: `admin/emails/${encodeURIComponent(id)}/retry`, method: 'POST' }),
    }),
  }),
});

export const { useGetOverviewQuery, useGetFailedEmailsQuery, useRetryEmailMutation } = overviewApi;
