// Runtimes: the Python interpreters and GPUs of the host, the Docker engine's images and presets, and a check of
// the runtime a job would use.
import { NbreviveError } from '../../../shared/lib/errors';
import { createRuntime } from '../../core/job-setup';
import { listHostGpus } from '../../core/runtime/docker/gpu';
import { IMAGE_PRESETS } from '../../core/runtime/docker/images';
import { dockerStatus } from '../../core/runtime/docker/status';
import { checkPython, describePython, detectPythons } from '../../core/runtime/python-detect';
import type { FeatureHandlers } from './context';

export function runtimeHandlers(): FeatureHandlers<'runtimes'> {
  return {
    async 'app:runtimes.list'() {
      const [pythons, gpus] = await Promise.all([detectPythons(), listHostGpus()]);
      return {
        pythons: pythons.map((p) => ({
          path: p.path,
          version: p.version,
          source: p.source,
          usable: p.usable,
          note: p.problem,
        })),
        gpus: gpus.map((g) => `${g.index}: ${g.name}`),
      };
    },
    async 'app:runtimes.images'() {
      const status = await dockerStatus();
      const tags = new Set(status.images.flatMap((i) => i.tags));
      return {
        ok: status.ok,
        message: status.message,
        address: status.address,
        images: status.images.map((i) => ({
          id: i.id,
          tags: i.tags,
          sizeBytes: i.sizeBytes,
          created: i.created.toISOString(),
          preset: i.preset,
        })),
        presets: IMAGE_PRESETS.map((p) => ({
          ...p,
          present: tags.has(p.image),
          hint: p.name === 'nbrevive' ? 'nbrevive images build' : `nbrevive images pull ${p.name}`,
        })),
      };
    },
    async 'app:runtimes.check'({ runtime, python, image }) {
      if (runtime === 'local' && python) {
        const check = await checkPython(python);
        if (!check.ok) return { ok: false, message: check.message, environment: null };
        const d = await describePython(python);
        return {
          ok: true,
          message: check.message,
          environment: { runtime: 'local', python: d.python, pythonPath: d.executable, packages: d.packages },
        };
      }
      try {
        const rt = await createRuntime({ runtime, python, image });
        return { ...(await rt.check()), environment: await rt.describe() };
      } catch (e) {
        if (e instanceof NbreviveError) return { ok: false, message: e.message, environment: null };
        throw e;
      }
    },
  } satisfies FeatureHandlers<'runtimes'>;
}
