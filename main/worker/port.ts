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
  if (!process.send) return standalonePort();
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

/**
 * `nbrevive worker` started from a shell (no host): runs the queue of its database alone and prints what happens
 * to its jobs, one line each; Ctrl-C stops it (running jobs are requeued).
 */
function standalonePort(): MessagePortLike {
  return {
    postMessage(message) {
      const m = message as {
        type?: string;
        jobId?: string;
        status?: string;
        error?: { message: string } | null;
        workerId?: string;
      };
      if (m.type === 'ready') console.log(`worker ${m.workerId} is running queued jobs (Ctrl-C to stop)`);
      else if (m.type === 'job-started') console.log(`${m.jobId}: started`);
      else if (m.type === 'job-ended') console.log(`${m.jobId}: ${m.status}${m.error ? ` (${m.error.message})` : ''}`);
      else if (m.type === 'error') console.error(`worker: ${m.error?.message}`);
    },
    onMessage: () => () => {},
    onClose: () => () => {},
  };
}
