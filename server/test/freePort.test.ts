import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ephemeralPorts, freePort } from '../src/embedded/freePort';

describe('freePort', () => {
  it('picks a port below the range outgoing connections take theirs from, and it can be bound', async () => {
    const [low] = ephemeralPorts();
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(low);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });

  it("reads the system's range, and falls back to Linux's default when it cannot", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ports-'));
    const file = path.join(dir, 'range');
    fs.writeFileSync(file, '40000\t50000\n');
    expect(ephemeralPorts(file)).toEqual([40000, 50000]);
    expect(ephemeralPorts(path.join(dir, 'missing'))).toEqual([32768, 60999]);
    fs.rmSync(dir, { recursive: true });
  });
});
