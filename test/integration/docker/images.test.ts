// Images on a real engine: listing (the test image is there, presets are marked), and what pull and build say when
// no registry can be reached (as on these machines: the message must say so and what to do instead).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NbreviveError } from '../../../shared/lib/errors';
import { buildImage, listImages, pullImage } from '../../../main/core/runtime/docker/images';
import { dockerStatus } from '../../../main/core/runtime/docker/status';
import { startServer } from '../../../main/host/serve';
import { createHttpApi } from '../../../renderer/src/lib/api-client';
import { describeDocker, startTestEngine, TEST_DOCKER_HOST, type TestEngine } from '../../helpers/docker-engine';

describeDocker('Docker images (real engine)', () => {
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await startTestEngine();
  }, 900_000);
  afterAll(async () => {
    await engine?.release();
  }, 120_000);

  it('lists the local images and reports the engine for `nbrevive runtimes`', async () => {
    const images = await listImages(engine.connection);
    const test = images.find((i) => i.tags.includes(engine.image));
    expect(test).toBeDefined();
    expect(test?.id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(test?.sizeBytes).toBeGreaterThan(100 * 1024 ** 2);
    const status = await dockerStatus(TEST_DOCKER_HOST);
    expect(status.ok).toBe(true);
    expect(status.message).toMatch(new RegExp(`^Docker \\S+ at ${TEST_DOCKER_HOST}; no NVIDIA runtime; \\d+ images?$`));
    expect(status.nvidia).toEqual({ available: false, via: [] });
    expect(status.images.map((i) => i.id)).toContain(test?.id);
    const down = await dockerStatus('unix:///tmp/nbrevive-no-such-engine.sock');
    expect(down.ok).toBe(false);
    expect(down.message).toMatch(
      /^Docker is not running \(nothing answers at unix:\/\/\/tmp\/nbrevive-no-such-engine\.sock\)/,
    );
  });

  it('lists them for the workbench over the API (the runtimes screen)', async () => {
    const previous = process.env.DOCKER_HOST;
    process.env.DOCKER_HOST = TEST_DOCKER_HOST;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-images-api-'));
    const server = await startServer({
      db: path.join(dir, 'nbrevive.db'),
      staticDir: null,
      worker: false,
      log: () => {},
    });
    try {
      const out = await createHttpApi(server.baseUrl, server.token).runtimesImages({});
      expect(out.ok).toBe(true);
      expect(out.address).toBe(TEST_DOCKER_HOST);
      const test = out.images.find((i) => i.tags.includes(engine.image));
      expect(test).toMatchObject({ id: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), preset: null });
      expect(test?.sizeBytes).toBeGreaterThan(100 * 1024 ** 2);
      expect(Number.isNaN(Date.parse(test?.created ?? ''))).toBe(false);
      expect(out.presets.find((p) => p.name === 'nbrevive')).toMatchObject({
        present: false,
        hint: 'nbrevive images build',
      });
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
      if (previous === undefined) delete process.env.DOCKER_HOST;
      else process.env.DOCKER_HOST = previous;
    }
  });

  it('pull of a preset fails with a message that says the registry cannot be reached', async () => {
    const progress: unknown[] = [];
    const error = await pullImage(engine.connection, 'kaggle', (p) => progress.push(p)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NbreviveError);
    expect((error as NbreviveError).code).toBe('image-missing');
    expect((error as NbreviveError).message).toMatch(
      /^could not pull gcr\.io\/kaggle-images\/python:latest: .+ — the Docker engine cannot reach the registry/,
    );
  });

  it('build of resources/docker/Dockerfile fails on its base image with the same clear message, after logging the steps', async () => {
    const log: string[] = [];
    const error = await buildImage(engine.connection, { tag: 'nbrevive-test/build-probe:1' }, (line) =>
      log.push(line),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NbreviveError);
    expect((error as NbreviveError).message).toMatch(
      /^could not build nbrevive-test\/build-probe:1: .+ — the Docker engine cannot reach the registry/,
    );
    expect(log.join('\n')).toMatch(/Step 1\/\d+ : ARG BASE_IMAGE=python:3\.11-slim/);
  });
});
