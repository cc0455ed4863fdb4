// A free TCP port on the loopback interface, for the real servers the scale tests and benchmarks start (redis-server,
// hosts): the system picks one for a moment's listener, which is closed before the port is handed on.
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}
