import { Type, type Static } from '@sinclair/typebox';

/** Runtime settings the SPA reads at start, so one build runs against any deployment. */
export const PublicConfig = Type.Object(
  {
    firebase: Type.Object({
      apiKey: Type.String(),
      authDomain: Type.String(),
      projectId: Type.String(),
      /** Set when the store runs on the Firebase Auth emulator, e.g. http://127.0.0.1:9099 */
      authEmulatorUrl: Type.Union([Type.String(), Type.Null()]),
    }),
    payments: Type.Object({
      provider: Type.Union([Type.Literal('local'), Type.Literal('stripe')]),
      stripePublishableKey: Type.Union([Type.String(), Type.Null()]),
    }),
    /** The delivery estimate product pages state, in working days (`DELIVERY_DAYS_MIN`/`_MAX`). */
    delivery: Type.Object({
      minDays: Type.Integer({ minimum: 1 }),
      maxDays: Type.Integer({ minimum: 1 }),
    }),
    /** The seller every receipt names (`STORE_LEGAL_NAME`, `STORE_ADDRESS`). */
    seller: Type.Object({ legalName: Type.String(), address: Type.String() }),
    /** Where the SPA uploads images (imgbb-compatible: multipart field `image`). */
    imageUploadUrl: Type.String(),
  },
  { $id: 'PublicConfig' },
);
export type PublicConfig = Static<typeof PublicConfig>;
