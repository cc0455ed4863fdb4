// What a browser user does without access to the host's paths, against a real `nbrevive serve` (API only) and a
// real SQLite file: upload notebooks and folders in chunks, see what could not be imported, and the settings the
// workbench edits (price table, budgets) and the Docker images list when no engine answers.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCase } from '../../../main/core/jobs/job-service';
import { pruneUploads, uploadsRootFor, writeUploadChunks } from '../../../main/core/jobs/uploads';
import { readStoredLlmSettings } from '../../../main/core/fixers/llm';
import { openStore } from '../../../main/core/store';
import type { RunningServer } from '../../../main/host/serve';
import { createHttpApi } from '../../../renderer/src/lib/api-client';
import type { NbreviveApi } from '../../../shared/contracts/api';
import { UPLOAD_CHUNK_BYTES } from '../../../shared/contracts/case-schemas';
import { NbreviveError } from '../../../shared/lib/errors';
import { REPO_ROOT } from '../../helpers/corpus';
import { startBareHost, stopHost } from '../../helpers/host';

const HELLO = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/host/hello.ipynb'));
const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64');

let dir: string;
let server: RunningServer;
let api: NbreviveApi;

async function post(channel: string, body: unknown) {
  const res = await fetch(`${server.baseUrl}/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { error?: { code: string; message: string } } & Record<string, unknown>,
  };
}

beforeAll(async () => {
  ({ dir, server } = await startBareHost('nbrevive-upload-'));
  api = createHttpApi(server.baseUrl, server.token);
});

afterAll(() => stopHost(dir, server));

describe('uploading notebooks from a browser', () => {
  it('imports one uploaded notebook as a case stored beside the database', async () => {
    const out = await api.casesUpload({ files: [{ path: 'hello.ipynb', base64: b64(HELLO) }] });
    expect(out.uploadId).toMatch(/^u-[a-z0-9]+$/);
    expect(out.root).toBe(path.join(dir, 'uploads', out.uploadId));
    expect(out.bytes).toBe(HELLO.length);
    expect(out.imported?.errors).toEqual([]);
    const [kase] = out.imported?.cases ?? [];
    expect(kase).toMatchObject({ title: 'hello', root: out.root });
    expect(fs.readFileSync(path.join(out.root, 'hello.ipynb'))).toEqual(HELLO);
    // the case is there for the queue like any imported one
    const listed = await api.casesList({ search: kase?.id ?? '' });
    expect(listed.items.map((c) => c.id)).toContain(kase?.id);
  });

  it('takes a folder with a manifest and a data file in chunks, keeping the bytes exactly', async () => {
    const data = crypto.randomBytes(UPLOAD_CHUNK_BYTES + 12_345);
    const manifest = JSON.stringify({
      id: 'uploaded-case',
      title: 'Uploaded case',
      notebook: 'nb.ipynb',
      data: { dir: 'input' },
      score: { kind: 'none' },
    });
    const first = await api.casesUpload({
      files: [
        { path: 'my-case/nbrevive.case.json', base64: b64(manifest) },
        { path: 'my-case/nb.ipynb', base64: b64(HELLO) },
        { path: 'my-case/input/train.bin', base64: b64(data.subarray(0, UPLOAD_CHUNK_BYTES)) },
      ],
      finish: false,
    });
    expect(first.imported).toBeNull();
    const last = await api.casesUpload({
      uploadId: first.uploadId,
      files: [{ path: 'my-case/input/train.bin', base64: b64(data.subarray(UPLOAD_CHUNK_BYTES)), append: true }],
      finish: true,
    });
    expect(last.uploadId).toBe(first.uploadId);
    expect(last.imported?.cases.map((c) => [c.id, c.title])).toEqual([['uploaded-case', 'Uploaded case']]);
    const stored = fs.readFileSync(path.join(last.root, 'my-case/input/train.bin'));
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(
      crypto.createHash('sha256').update(data).digest('hex'),
    );
    const detail = await api.casesGet({ caseId: 'uploaded-case' });
    expect(detail.case.dataDir).toBe(path.join(last.root, 'my-case/input'));
  });

  it('reports the notebooks it could not import, with paths relative to the upload', async () => {
    const out = await api.casesUpload({
      files: [
        { path: 'ok.ipynb', base64: b64(HELLO) },
        { path: 'broken.ipynb', base64: b64('{"cells": [') },
      ],
    });
    expect(out.imported?.cases.map((c) => c.title)).toEqual(['ok']);
    expect(out.imported?.errors).toEqual([expect.objectContaining({ path: 'broken.ipynb', code: 'not-json' })]);
  });

  it('refuses paths that leave the upload folder, unknown uploads and uploads without a notebook, losing nothing', async () => {
    for (const bad of [
      '../escape.ipynb',
      '/etc/passwd',
      'a//b.ipynb',
      'a/./b.ipynb',
      'C:/x.ipynb',
      'a\\..\\..\\b.ipynb',
    ]) {
      const res = await post('app:cases.upload', { files: [{ path: bad, base64: b64(HELLO) }] });
      expect(res.status, bad).toBe(400);
      expect(res.body.error?.code).toBe('invalid-request');
      expect(res.body.error?.message).toContain('is not a plain relative path');
    }
    expect(fs.existsSync(path.join(dir, 'escape.ipynb'))).toBe(false);
    const unknown = await post('app:cases.upload', { uploadId: 'u-doesnotexist', files: [], finish: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe('no upload u-doesnotexist on this host: start the upload again');
    const forged = await post('app:cases.upload', { uploadId: '../../etc', files: [] });
    expect(forged.status).toBe(400);
    const before = fs.readdirSync(path.join(dir, 'uploads')).length;
    const noNotebook = await post('app:cases.upload', { files: [{ path: 'readme.txt', base64: b64('hello') }] });
    expect(noNotebook.status).toBe(400);
    expect(noNotebook.body.error?.message).toMatch(/^the upload holds no notebook \(\.ipynb\)/);
    // the rejected upload's folder is removed again
    expect(fs.readdirSync(path.join(dir, 'uploads')).length).toBe(before);
    const danglingAppend = await post('app:cases.upload', {
      files: [{ path: 'x.ipynb', base64: b64(HELLO), append: true }],
    });
    expect(danglingAppend.status).toBe(400);
    expect(danglingAppend.body.error?.message).toMatch(/continues a file that was not started/);
    const badBase64 = await post('app:cases.upload', { files: [{ path: 'x.ipynb', base64: 'not base64!' }] });
    expect(badBase64.status).toBe(400);
    expect(badBase64.body.error?.message).toBe('files.0.base64: base64 must be standard base64');
  });

  it('says the disk is full when an upload does not fit (a real 1 MB tmpfs)', async (ctx) => {
    const mount = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-tiny-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount], { stdio: 'pipe' });
    } catch (e) {
      fs.rmSync(mount, { recursive: true, force: true });
      console.warn(
        `[upload tests] disk-full upload skipped: cannot mount a tmpfs here (${(e as Error).message.split('\n')[0]})`,
      );
      return ctx.skip();
    }
    try {
      const error = await writeUploadChunks(mount, null, [
        { path: 'big.bin', base64: b64(crypto.randomBytes(2 * 1024 * 1024)), append: false },
      ]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NbreviveError);
      expect((error as NbreviveError).code).toBe('disk-full');
      expect((error as NbreviveError).message).toMatch(
        /^the disk is full: upload u-[a-z0-9]+ could not be written to .*; free some space and upload again$/,
      );
    } finally {
      execFileSync('umount', [mount]);
      fs.rmSync(mount, { recursive: true, force: true });
    }
  });
});

describe('settings the workbench edits', () => {
  it('keeps a price table and both budgets, and shows the default prices', async () => {
    const initial = await api.settingsGet({});
    expect(initial.llm.prices).toEqual({});
    expect(initial.llm.defaultPrices['gpt-4o-mini']).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    const saved = await api.settingsSet({
      llm: {
        model: 'my-model',
        prices: { 'my-model': { inputPerMTok: 3, outputPerMTok: 12 } },
        budgetUsd: 0.5,
        totalBudgetUsd: 20,
      },
    });
    expect(saved.llm).toMatchObject({
      model: 'my-model',
      budgetUsd: 0.5,
      totalBudgetUsd: 20,
      prices: { 'my-model': { inputPerMTok: 3, outputPerMTok: 12 } },
    });
    // a later save of other fields keeps the table; the worker reads the same stored settings
    await api.settingsSet({ llm: { baseUrl: 'http://127.0.0.1:9/v1' } });
    const store = openStore(path.join(dir, 'nbrevive.db'));
    try {
      expect(readStoredLlmSettings(store)).toEqual({
        baseUrl: 'http://127.0.0.1:9/v1',
        model: 'my-model',
        budgetUsd: 0.5,
        totalBudgetUsd: 20,
        prices: { 'my-model': { inputPerMTok: 3, outputPerMTok: 12 } },
      });
    } finally {
      store.close();
    }
    const negative = await post('app:settings.set', { llm: { prices: { m: { inputPerMTok: -1, outputPerMTok: 1 } } } });
    expect(negative.status).toBe(400);
    expect(negative.body.error?.message).toMatch(/^llm\.prices\.m\.inputPerMTok: /);
    const notUrl = await post('app:settings.set', { llm: { baseUrl: 'localhost:8000' } });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.error?.message).toBe('llm.baseUrl: baseUrl must be a URL such as http://localhost:8000/v1');
  });
});

describe('Docker images', () => {
  it('says why there is no list when no engine answers, and how to get each preset', async () => {
    const previous = process.env.DOCKER_HOST;
    process.env.DOCKER_HOST = `unix://${path.join(dir, 'no-docker.sock')}`;
    try {
      const out = await api.runtimesImages({});
      expect(out.ok).toBe(false);
      expect(out.message).toMatch(/^Docker is not running \(nothing answers at unix:\/\/.*no-docker\.sock\)/);
      expect(out.images).toEqual([]);
      expect(out.presets.map((p) => [p.name, p.present, p.hint])).toEqual([
        ['kaggle', false, 'nbrevive images pull kaggle'],
        ['kaggle-gpu', false, 'nbrevive images pull kaggle-gpu'],
        ['nbrevive', false, 'nbrevive images build'],
      ]);
    } finally {
      if (previous === undefined) delete process.env.DOCKER_HOST;
      else process.env.DOCKER_HOST = previous;
    }
  });
});

describe('unfinished uploads', () => {
  it('are removed after a day when no case lives in them; imported ones and recent ones stay', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-prune-'));
    const store = openStore(path.join(home, 'nbrevive.db'));
    try {
      const root = uploadsRootFor(store);
      const abandoned = await writeUploadChunks(root, null, [
        { path: 'half.ipynb', base64: b64(HELLO.subarray(0, 20)), append: false },
      ]);
      const imported = await writeUploadChunks(root, null, [
        { path: 'case/nb.ipynb', base64: b64(HELLO), append: false },
      ]);
      await importCase(store, path.join(imported.dir, 'case/nb.ipynb'));
      const recent = await writeUploadChunks(root, null, [
        { path: 'half.ipynb', base64: b64(HELLO.subarray(0, 20)), append: false },
      ]);
      const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
      for (const d of [abandoned.dir, imported.dir]) fs.utimesSync(d, twoDaysAgo, twoDaysAgo);
      // a folder that only looks like a prefix of the imported one is not protected by it
      expect(store.cases.countUnder(imported.dir.slice(0, -1))).toBe(0);
      expect(store.cases.countUnder(imported.dir)).toBe(1);
      expect(await pruneUploads(store, 24 * 3600_000)).toEqual([abandoned.uploadId]);
      expect(fs.existsSync(abandoned.dir)).toBe(false);
      expect(fs.existsSync(imported.dir)).toBe(true);
      expect(fs.existsSync(recent.dir)).toBe(true);
    } finally {
      store.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
