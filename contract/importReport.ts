import { Type, type TProperties, type TSchema } from '@sinclair/typebox';

/** The rows of a CSV import's report that list refused rows; `rejectedCount` counts them all. */
export const REJECTED_LISTED = 1000;

/** Where an import stopped: every valid row above this line is stored, none from it on. */
export const ImportFailure = Type.Union([
  Type.Object(
    {
      message: Type.String(),
      firstLineNotStored: Type.Integer({ minimum: 2 }),
    },
    {
      description:
        'Storing stopped here: every valid row above this line is stored, none from it on',
    },
  ),
  Type.Null(),
]);

/**
 * What a CSV import (price list, fitments, fitting centres) did, or (dry run) would do: the same
 * counts for each, its own refused row and any counts of its own.
 */
export const importReportOf = <Rejected extends TSchema, Extra extends TProperties>(
  $id: string,
  rejected: Rejected,
  extra: Extra,
) =>
  Type.Object(
    {
      dryRun: Type.Boolean(),
      rows: Type.Integer({ minimum: 0, description: 'Rows read, the header aside' }),
      added: Type.Integer({ minimum: 0 }),
      updated: Type.Integer({ minimum: 0 }),
      unchanged: Type.Integer({ minimum: 0 }),
      ...extra,
      rejectedCount: Type.Integer({ minimum: 0 }),
      rejected: Type.Array(rejected, {
        description: `The first ${REJECTED_LISTED.toLocaleString('en-US')} rows refused, in order`,
      }),
      failure: ImportFailure,
    },
    { $id },
  );
