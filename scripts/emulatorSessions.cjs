/**
 * Preloaded (`node --require`) into the Firebase Auth emulator that `npm start` runs: refresh
 * tokens that a revocation ended stay ended, as in a real Firebase project.
 *
 * The emulator's refresh tokens carry no date, and it takes them after `revokeRefreshTokens`
 * (which only moves the account's `validSince`), minting ID tokens dated to the account's last
 * sign-in: a refresh token stolen before Sign out everywhere signed in again as soon as the owner
 * did. Here each refresh token it makes carries when it was made, and one made before the
 * account's `validSince` is refused (TOKEN_EXPIRED, as Firebase answers).
 */
'use strict';
// A CommonJS file Node preloads as it is: no TypeScript, no import syntax.
/* eslint-disable @typescript-eslint/no-require-imports */
const state = require('firebase-tools/lib/emulator/auth/state.js');
const { assert } = require('firebase-tools/lib/emulator/auth/errors.js');

const { ProjectState, encodeRefreshToken, decodeRefreshToken } = state;
const create = ProjectState.prototype.createRefreshTokenFor;
const validate = ProjectState.prototype.validateRefreshToken;

ProjectState.prototype.createRefreshTokenFor = function datedRefreshToken(...args) {
  const record = decodeRefreshToken(create.apply(this, args));
  return encodeRefreshToken({ ...record, issuedAt: Math.floor(Date.now() / 1000) });
};

ProjectState.prototype.validateRefreshToken = function unrevokedRefreshToken(refreshToken) {
  const checked = validate.call(this, refreshToken);
  const { issuedAt } = decodeRefreshToken(refreshToken);
  const validSince = Number(checked.user.validSince || 0);
  assert(Number.isInteger(issuedAt) && issuedAt >= validSince, 'TOKEN_EXPIRED');
  return checked;
};
