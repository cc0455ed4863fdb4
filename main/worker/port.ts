// The worker's one link to its host, kept behind a tiny port interface so the same worker code runs as a forked
// Node child (process.send) today and under Electron's utilityProcess (process.parentPort) later.
export interface MessagePortLike {
  postMessage(message: unknown): void;
  onMessage(listener: (message: unknown) => void): () => void;
  /** the host went away (the worker should stop) */
  onClose(listener: () => void): () => void;
}

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  off(event: 'message', listener: (event: { data: unknown }) => void): void;
}

/** The port of the current process: Electron's parentPort when present, else the Node IPC channel. */
export function currentProcessPort(): MessagePortLike {
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (parentPort) {
    return {
      postMessage: (m) => parentPort.postMessage(m),
      onMessage(listener) {
        const wrapped = (e: { data: unknown }) => listener(e.data);
        parentPort.on('message', wrapped);
        return () => parentPort.off('message', wrapped);
      },
      // utilityProcess children are killed with their parent; nothing to watch
      onClose: () => () => {},
    };
  }
  if (!process.send) throw new Error('the worker must be started by the nbrevive host (it needs an IPC channel)');
  return {
    postMessage(message) {
      // a host that died closes the channel; messages to it are dropped (the worker exits on 'disconnect')
      if (process.connected) process.send?.(message);
    },
    onMessage(listener) {
      process.on('message', listener);
      return () => process.off('message', listener);
    },
    onClose(listener) {
      process.on('disconnect', listener);
      return () => process.off('disconnect', listener);
    },
  };
}
