// The queue URL of the distributed mode: password, user, database, TLS and prefix reach ioredis; the password is
// never shown; a wrong URL is a typed error saying what a right one looks like.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bullPriority, parseQueueUrl, redactQueueUrl } from '../../../../../main/core/distributed/redis-url';

describe('parseQueueUrl', () => {
  it('passes host, port, database, user and password through, and masks the password when shown', () => {
    const c = parseQueueUrl('redis://worker:p%40ss@10.0.0.5:6380/3', {});
    expect(c.options).toMatchObject({ host: '10.0.0.5', port: 6380, db: 3, username: 'worker', password: 'p@ss' });
    expect(c.options.maxRetriesPerRequest).toBeNull();
    expect(c.options.tls).toBeUndefined();
    expect(c.display).toBe('redis://worker:***@10.0.0.5:6380/3');
    expect(c.prefix).toBe('nbrevive');
  });

  it('defaults the port and database, and reads a prefix', () => {
    const c = parseQueueUrl('redis://localhost?prefix=team-a', {});
    expect(c.options).toMatchObject({ host: 'localhost', port: 6379, db: 0 });
    expect(c.options.password).toBeUndefined();
    expect(c.prefix).toBe('team-a');
  });

  it('turns on TLS for rediss:// with the CA and client certificate files given', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-tls-'));
    fs.writeFileSync(path.join(dir, 'ca.pem'), 'CA');
    fs.writeFileSync(path.join(dir, 'cert.pem'), 'CERT');
    fs.writeFileSync(path.join(dir, 'key.pem'), 'KEY');
    const c = parseQueueUrl('rediss://:secret@redis.example:6390', {
      ca: path.join(dir, 'ca.pem'),
      cert: path.join(dir, 'cert.pem'),
      key: path.join(dir, 'key.pem'),
    });
    expect(c.options.tls?.servername).toBe('redis.example');
    expect(c.options.tls?.ca?.toString()).toBe('CA');
    expect(c.options.tls?.cert?.toString()).toBe('CERT');
    expect(c.options.tls?.key?.toString()).toBe('KEY');
    expect(c.options.password).toBe('secret');
    expect(() => parseQueueUrl('rediss://h:1', { ca: path.join(dir, 'missing.pem') })).toThrow(
      /cannot read the Redis TLS CA file/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses what is not a Redis URL, without echoing its password', () => {
    for (const bad of ['http://h:1', 'localhost:6379', 'redis://h:1/x', '']) {
      expect(() => parseQueueUrl(bad, {})).toThrow(/is not a Redis URL: use redis:\/\/HOST:PORT/);
    }
    expect(() => parseQueueUrl('http://u:hunter2@h:1', {})).toThrow(/u:\*\*\*@h/);
    expect(redactQueueUrl('redis://:hunter2@h:1')).toBe('redis://:***@h:1');
  });
});

describe('bullPriority', () => {
  it('runs higher nbrevive priorities first, within BullMQ’s range', () => {
    expect(bullPriority(5)).toBeLessThan(bullPriority(0));
    expect(bullPriority(0)).toBeLessThan(bullPriority(-3));
    expect(bullPriority(10_000_000)).toBe(1);
    expect(bullPriority(-10_000_000)).toBe(2_097_152);
  });
});
