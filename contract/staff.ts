import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { Email } from './users';

/**
 * The store's staff: roles, what each may do, and the calls of the owner's staff pages. A
 * person may hold several roles; a permission is held when any of their roles grants it.
 */

export const STAFF_ROLES = [
  'owner',
  'admin',
  'catalogue',
  'orders',
  'refunds',
  'fitting',
  'support',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a staff route may need; each staff route names exactly one. */
export const PERMISSIONS = [
  'roles.manage',
  'store.admin',
  'audit.read',
  'catalogue.edit',
  'reviews.moderate',
  'orders.read',
  'orders.fulfil',
  'orders.refund',
  'orders.cancel',
  'fitting.run',
  'stock.places',
  'customers.read',
  'emails.resend',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets a person do, as the refusals and the roles page say it. */
export const PERMISSION_WORDS: Record<Permission, string> = {
  'roles.manage': 'give and take staff roles, set refund limits and end staff sessions',
  'store.admin': 'run the store as an admin',
  'audit.read': 'read the audit trail',
  'catalogue.edit': 'change products, prices, stock, imports and search synonyms',
  'reviews.moderate': 'moderate reviews',
  'orders.read': "read every order and its customer's details",
  'orders.fulfil': 'ship orders, mark them delivered and receive returns',
  'orders.refund': 'give refunds',
  'orders.cancel': "cancel a customer's order",
  'fitting.run': "run the fitter's day at their centres and the fitting days",
  'stock.places':
    'say where stock is kept (warehouses, centres’ shelves) and how long it takes to reach each centre',
  'customers.read': 'read the customers and their profiles',
  'emails.resend': 'read the outbox and send emails again',
};

export const ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  catalogue: 'Catalogue',
  orders: 'Orders',
  refunds: 'Refunds',
  fitting: 'Fitting',
  support: 'Support',
};

const ALL_BUT_ROLES = PERMISSIONS.filter((permission) => permission !== 'roles.manage');

/** Each role's permissions: the one table the server enforces and the dashboard reads. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: ALL_BUT_ROLES,
  catalogue: ['catalogue.edit', 'stock.places'],
  orders: ['orders.read', 'orders.fulfil'],
  refunds: ['orders.read', 'orders.refund', 'orders.cancel'],
  fitting: ['fitting.run'],
  support: ['orders.read', 'customers.read', 'emails.resend'],
};

export function permissionsOf(roles: readonly StaffRole[]): Permission[] {
  const held = new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
  return PERMISSIONS.filter((permission) => held.has(permission));
}

/** The roles that grant a permission, in the order of STAFF_ROLES. */
export const rolesGranting = (permission: Permission): StaffRole[] =>
  STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));

/** Roles whose refunds are never limited (they run the whole store). */
export const UNLIMITED_REFUNDS: readonly StaffRole[] = ['owner', 'admin'];

/** How far back a refund person's refunds count against their limit. */
export const REFUND_LIMIT_HOURS = 24;

export const StaffRoleSchema = Type.Union(
  STAFF_ROLES.map((role) => Type.Literal(role)),
  { title: 'Staff role' },
);
export const PermissionSchema = Type.Union(PERMISSIONS.map((p) => Type.Literal(p)));

/** At most this many centres are named for one person's fitting role. */
export const MAX_STAFF_CENTRES = 100;

/**
 * The fitting centres a person's fitting role runs: their ids, or null for every centre (the
 * owner, admins, and a fitter not scoped to centres). Only the fitting role is scoped.
 */
export const StaffCentres = Type.Union([Type.Array(Id), Type.Null()], {
  description: 'The fitting centres the fitting role runs (ids); null: every centre',
});
export type StaffCentres = Static<typeof StaffCentres>;

/** `GET /staff/me`: what the caller may do, for the dashboard to show only that. */
export const StaffSelf = Type.Object({
  roles: Type.Array(StaffRoleSchema),
  permissions: Type.Array(PermissionSchema),
  /** Dollars a refunds person may give back in 24 hours; null when unlimited or not theirs. */
  refundLimit: Type.Union([Type.Number(), Type.Null()]),
  centres: StaffCentres,
});
export type StaffSelf = Static<typeof StaffSelf>;

export const StaffMember = Type.Object({
  _id: Id,
  email: Type.String(),
  roles: Type.Array(StaffRoleSchema),
  /** Dollars in 24 hours, for the refunds role. */
  refundLimit: Type.Number(),
  /** The centres of the fitting role; null: every centre (or no fitting role). */
  centres: StaffCentres,
});
export type StaffMember = Static<typeof StaffMember>;
export const StaffList = Type.Array(StaffMember);
export type StaffList = Static<typeof StaffList>;

/** `PUT /staff/:email`: the person's roles, all of them (an empty list takes every role). */
export const StaffRolesBody = Type.Object(
  {
    roles: Type.Array(StaffRoleSchema, { uniqueItems: true, maxItems: STAFF_ROLES.length }),
    refundLimit: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1_000_000, title: 'Refund limit (24 hours)' }),
    ),
    /** The fitting role's centres: left out keeps them, null is every centre. */
    centres: Type.Optional(
      Type.Union([
        Type.Array(Id, { minItems: 1, maxItems: MAX_STAFF_CENTRES, uniqueItems: true }),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type StaffRolesBody = Static<typeof StaffRolesBody>;
export const StaffParams = Type.Object({ email: Email });

export const StaffSession = Type.Object({
  _id: Id,
  email: Type.String(),
  roles: Type.Array(StaffRoleSchema),
  signedInAt: Type.String({ format: 'date-time' }),
  endedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type StaffSession = Static<typeof StaffSession>;
export const StaffSessionList = Type.Array(StaffSession);
export type StaffSessionList = Static<typeof StaffSessionList>;

/** The kinds of action the audit trail records. */
export const AUDIT_KINDS = [
  'product',
  'price',
  'stock',
  'import',
  'synonyms',
  'fitments',
  'order',
  'refund',
  'review',
  'fitting',
  'email',
  'roles',
  'session',
  'promotion',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AuditQuery = Type.Object(
  {
    person: Type.Optional(Type.String({ maxLength: 254, description: 'Email, or part of it' })),
    object: Type.Optional(Type.String({ maxLength: 200, description: 'The object id' })),
    kind: Type.Optional(Type.Union(AUDIT_KINDS.map((kind) => Type.Literal(kind)))),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntry = Type.Object({
  _id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  by: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  call: Type.String(),
  kind: Type.String(),
  action: Type.String(),
  objectType: Type.String(),
  objectId: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  details: Type.Unknown(),
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditPage = Type.Array(AuditEntry);
export type AuditPage = Static<typeof AuditPage>;
