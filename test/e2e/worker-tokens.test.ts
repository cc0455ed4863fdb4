// Worker tokens from the runtimes screen, in a real browser: Chromium (playwright-core) against the real
// `nbrevive serve`. A token created in the Workers panel shows its secret once and is stored (the API lists it);
// Revoke marks it revoked on the host; a name the host would refuse is explained before anything is sent.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NbreviveApi } from '../../shared/contracts/api';
import { until } from '../helpers/until';
import { describeChromium, E2eSession, startE2eSession, stopE2eSession } from './session';

describeChromium('worker tokens on the runtimes screen, in Chromium against nbrevive serve', () => {
  let session: E2eSession;
  let api: NbreviveApi;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    session = await startE2eSession({ prefix: 'nbrevive-e2e-tokens-', prepare: () => {}, defaults: {}, pageErrors });
    ({ api, page } = session);
    await page.goto(`${session.serve.url}#/runtimes`);
  });

  afterAll(() => stopE2eSession(session));

  it('creates a token (its secret shown once), lists it, and revokes it', async () => {
    const name = page.getByLabel('new worker token name');
    await name.fill('gpu box 1');
    await expect.poll(() => page.getByText('a token name is letters, digits').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create token' }).isDisabled()).toBe(true);

    await name.fill('gpu-box-1');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.getByLabel('new worker token', { exact: true }).textContent({ timeout: 10_000 })) ?? '';
    expect(secret.length).toBeGreaterThan(16);
    const listed = await api.workersTokens({});
    expect(listed.items.map((t) => [t.name, t.revokedAt])).toEqual([['gpu-box-1', null]]);
    // the host keeps only a hash: the secret is in no answer of the API
    expect(JSON.stringify(listed)).not.toContain(secret);

    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByLabel('new worker token', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'revoke token gpu-box-1' }).click();
    const revoked = await until('the token to be revoked', 10_000, async () =>
      (await api.workersTokens({})).items.find((t) => t.name === 'gpu-box-1' && t.revokedAt),
    );
    expect(revoked.revokedAt).toBeTruthy();
    await expect.poll(() => page.getByRole('button', { name: 'revoke token gpu-box-1' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
