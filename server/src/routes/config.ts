import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { PublicConfig } from '../contract/config';

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
    imageUploadUrl: config.imgbbKey
      ? `https://api.imgbb.com/1/upload?key=${encodeURIComponent(config.imgbbKey)}`
      : '/api/images',
  };
}

export const configRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (
  app,
  { config },
) => {
  const body = publicConfig(config);
  app.get('/config', { schema: { response: { 200: PublicConfig } } }, async () => body);
};
