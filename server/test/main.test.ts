import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { apiProgramArgs } from '../../scripts/apiProgram';

const root = path.resolve(__dirname, '../..');

describe('the API process', () => {
  it('stops at start with a message naming a bad variable', () => {
    const result = spawnSync(process.execPath, apiProgramArgs({ from: 'source' }), {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('Invalid environment variable PORT');
  });
});
