import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { PublicConfig } from '../../../contract/config';
import { publicCall } from '../docs/describe';

/** The part of the configuration the SPA needs; never a secret. */
export function publicConfig(config: Config): PublicConfig {
  const emulator = config.firebase.authEmulatorHost;
  return {
    firebase: {
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
      authEmulatorUrl: emulator ? `http://${emulator}` : null,
    },
    payments: {
      provider: config.payments.provider,
      stripePublishableKey: config.payments.stripePublishableKey,
    },
    delivery: config.delivery,
    seller: config.seller,
    // Always the API: it re-encodes every picture, and with IMGBB_KEY sends it on to imgbb
    // itself, so the key never reaches a browser.
    imageUploadUrl: '/api/images',
  };
}

export const configRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (
  app,
  { config },
) => {
  const body = publicConfig(config);
  app.get(
    '/config',
    {
      schema: {
        operationId: 'getConfig',
        summary: 'The settings the SPA starts with (never a secret)',
        tags: ['store'],
        security: publicCall,
        response: { 200: PublicConfig },
      },
    },
    async () => body,
  );
};
