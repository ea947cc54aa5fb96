/**
 * The `cluster_name` the embedded PostgreSQL server is started with: how the API (and so
 * `/api/health`) tells it from a PostgreSQL of DATABASE_URL.
 */
export const EMBEDDED_CLUSTER_NAME = 'tyre-store-embedded';
