// The folder-layering rule: which folder may import which (docs/architecture.md, "Where things live").
// shared/ runs anywhere (zod only), main/ never reaches into renderer/, renderer/ never touches Node or Electron;
// inside main/, the engine (core/) imports no host, worker, app or cli, and the worker imports no host.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** @type {Record<string, {folders: string[], packages: RegExp}>} */
const LAYERS = {
  shared: { folders: ['shared'], packages: /^(zod|jstat)(\/|$)/ },
  main: { folders: ['shared', 'main', 'resources'], packages: /^(?!react|react-dom|monaco-editor)/ },
  renderer: { folders: ['shared', 'renderer'], packages: /^(?!node:|electron|better-sqlite3|dockerode|openai)/ },
};

/** main/<folder> → the main/ folders its modules may import */
const MAIN_LAYERS = {
  core: ['core'],
  worker: ['core', 'worker'],
};

function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  return rel.length > 1 ? rel[0] : undefined;
}

/** The folder below main/ a file is in (main/core/x.ts → 'core'), or undefined. */
function mainLayerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  return rel[0] === 'main' && rel.length > 2 ? rel[1] : undefined;
}

export default {
  rules: {
    'code-layering': {
      meta: { type: 'problem', schema: [], messages: { forbidden: '{{layer}}/ must not import {{what}}' } },
      create(context) {
        const file = context.filename;
        const layer = layerOf(file);
        const rule = layer && LAYERS[layer];
        if (!rule || file.endsWith('vite.config.ts')) return {};
        function check(node, source) {
          if (typeof source !== 'string') return;
          if (source.startsWith('.')) {
            const target = layerOf(path.resolve(path.dirname(file), source));
            if (target && !rule.folders.includes(target)) {
              context.report({ node, messageId: 'forbidden', data: { layer, what: `${target}/ (${source})` } });
            }
            const sub = layer === 'main' ? mainLayerOf(file) : undefined;
            const allowed = sub && MAIN_LAYERS[sub];
            const targetSub = allowed && mainLayerOf(path.resolve(path.dirname(file), source));
            if (allowed && targetSub && !allowed.includes(targetSub)) {
              context.report({
                node,
                messageId: 'forbidden',
                data: { layer: `main/${sub}`, what: `main/${targetSub}/ (${source})` },
              });
            }
          } else if (!rule.packages.test(source)) {
            context.report({ node, messageId: 'forbidden', data: { layer, what: `package '${source}'` } });
          }
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
