// Whether `npm test` runs, skips or fails the browser tests, by where Chromium
// is and whether CI is set.
import { describe, expect, it } from 'vitest';
import { browserTestPlan, chromiumPath, DEFAULT_CHROMIUM_PATH, isCi } from './chromium-plan';

const nowhere = () => false;

describe('browserTestPlan', () => {
  it('runs the browser tests with the Chromium it finds, Debian’s by default', () => {
    const seen: string[] = [];
    const plan = browserTestPlan({}, (path) => {
      seen.push(path);
      return true;
    });
    expect(plan).toEqual({ kind: 'run', executablePath: DEFAULT_CHROMIUM_PATH });
    expect(seen).toEqual([DEFAULT_CHROMIUM_PATH]);
  });

  it('runs with the executable CHROMIUM_PATH names', () => {
    expect(browserTestPlan({ CHROMIUM_PATH: '/opt/chromium/chrome', CI: 'true' }, (path) => path === '/opt/chromium/chrome')).toEqual({
      kind: 'run',
      executablePath: '/opt/chromium/chrome',
    });
  });

  it('skips them without Chromium, in one line that says they were skipped and how to install it', () => {
    const plan = browserTestPlan({ CHROMIUM_PATH: '/missing/chromium' }, nowhere);
    expect(plan).toEqual({
      kind: 'skip',
      executablePath: '/missing/chromium',
      message:
        'No Chromium at /missing/chromium: the browser tests (test/browser) were skipped; install it with `apt-get install chromium` or set CHROMIUM_PATH to its executable.',
    });
    expect(plan.kind === 'skip' && plan.message.includes('\n')).toBe(false);
  });

  it('fails without Chromium when CI is set, naming the path and the install command', () => {
    const plan = browserTestPlan({ CI: 'true' }, nowhere);
    expect(plan).toEqual({
      kind: 'fail',
      executablePath: DEFAULT_CHROMIUM_PATH,
      message:
        'No Chromium at /usr/bin/chromium, and CI is set, so the browser tests (test/browser) cannot be skipped: install it with `apt-get install chromium` or set CHROMIUM_PATH to its executable.',
    });
  });

  it('looks at the real file system by default', () => {
    expect(browserTestPlan({ CHROMIUM_PATH: '/nonexistent/chromium-for-the-plan-test' }).kind).toBe('skip');
    expect(browserTestPlan({ CHROMIUM_PATH: process.execPath, CI: 'true' }).kind).toBe('run');
  });
});

describe('isCi', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['FALSE', false],
    ['0', false],
    ['', false],
    [undefined, false],
  ])('reads CI=%j as %s', (value, expected) => {
    expect(isCi({ CI: value })).toBe(expected);
  });
});

describe('chromiumPath', () => {
  it('takes CHROMIUM_PATH unless it is empty', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '' })).toBe(DEFAULT_CHROMIUM_PATH);
    expect(chromiumPath({ CHROMIUM_PATH: '/x/chrome' })).toBe('/x/chrome');
  });
});
