import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.ts';

describe('config', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'taquilla-config-'));

  it('takes an empty variable as unset, and reads the timeouts and the Redis address', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: '',
      REDIS_URL: '',
      DATABASE_STATEMENT_TIMEOUT_MS: '',
    });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.databaseStatementTimeoutMs).toBe(10_000);
    const set = loadConfig({
      DATA_DIR: dataDir(),
      REDIS_URL: 'redis://cache:6379',
      REQUEST_TIMEOUT_MS: '5000',
    });
    expect(set.redisUrl).toBe('redis://cache:6379');
    expect(set.requestTimeoutMs).toBe(5000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REQUEST_TIMEOUT_MS: '10' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('has safe local defaults and keeps a generated secret in DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.testPayments).toBe(true);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
  });

  it('a bad value stops start-up naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: 'pk_live_x' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  it('production with DATABASE_URL requires AUTH_SECRET', () => {
    const env = { DATA_DIR: dataDir(), NODE_ENV: 'production', DATABASE_URL: 'postgres://u@localhost/db' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/AUTH_SECRET/);
    const config = loadConfig({ ...env, AUTH_SECRET: 'a'.repeat(40) });
    expect(config.testPayments).toBe(false);
  });

  it('WEB_CONCURRENCY: one process unless set, a whole number, and more than one only with DATABASE_URL', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).webConcurrency).toBe(1);
    const pg = { DATA_DIR: dir, DATABASE_URL: 'postgres://u@localhost/db' };
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '2' }).webConcurrency).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    for (const bad of ['0', 'two', '1.5', '65']) {
      expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
    }
    expect(() => loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY.*DATABASE_URL/,
    );
  });

  it('test payments: on by default only in the embedded mode outside production; in production only when set, and loudly', () => {
    const dir = dataDir();
    const embedded = loadConfig({ DATA_DIR: dir });
    expect(embedded.testPayments).toBe(true);
    expect(configWarnings(embedded)).toEqual([]);
    const production = loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' });
    expect(production.testPayments).toBe(false);
    expect(configWarnings(production)).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', TEST_PAYMENTS: '' }).testPayments).toBe(false);
    const forced = loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', TEST_PAYMENTS: 'true' });
    expect(forced.testPayments).toBe(true);
    expect(configWarnings(forced)).toEqual([expect.stringMatching(/^TEST_PAYMENTS is on in production/)]);
    expect(loadConfig({ DATA_DIR: dir, TEST_PAYMENTS: 'false' }).testPayments).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, TEST_PAYMENTS: 'yes' })).toThrow(/TEST_PAYMENTS/);
  });

  it('PAYMENT_RECONCILE_AFTER_MINUTES: 5 unless set, a whole number of minutes from 1 to 1440', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).paymentReconcileAfterMinutes).toBe(5);
    expect(
      loadConfig({ DATA_DIR: dir, PAYMENT_RECONCILE_AFTER_MINUTES: '12' }).paymentReconcileAfterMinutes,
    ).toBe(12);
    for (const bad of ['0', 'five', '2.5', '1441', '-3']) {
      expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_RECONCILE_AFTER_MINUTES: bad })).toThrow(
        /PAYMENT_RECONCILE_AFTER_MINUTES/,
      );
    }
  });
});
