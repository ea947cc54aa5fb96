/**
 * Lighthouse 12 with its default (mobile, simulated throttling) settings in Debian's Chromium,
 * each run in a fresh browser profile, through Lighthouse's own CLI so nothing of the benchmark
 * shares the page's process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { summarize, type Summary } from './stats';

export interface LighthouseFigures {
  performance: Summary;
  accessibility: Summary;
  bestPractices: Summary;
  /** Absent from results written before it was measured. */
  seo?: Summary;
  lcpMs: Summary;
  tbtMs: Summary;
  cls: Summary;
}

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function runOnce(url: string, outFile: string): Promise<Report> {
  const cli = require.resolve('lighthouse/cli/index.js');
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run',
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`Lighthouse failed on ${url}: ${stderr.trim()}`));
      const report = JSON.parse(fs.readFileSync(outFile, 'utf8')) as Report;
      if (report.runtimeError) {
        return reject(new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`));
      }
      resolve(report);
    });
  });
}

const score = (report: Report, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100);
const metric = (report: Report, audit: string) => report.audits[audit]?.numericValue ?? NaN;

export async function lighthouse(url: string, runs: number): Promise<LighthouseFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lighthouse-'));
  const reports: Report[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const outFile = path.join(dir, `run-${i}.json`);
      // Lighthouse now and then fails to record the trace (NO_NAVSTART): one more try, not a
      // failed benchmark.
      reports.push(await runOnce(url, outFile).catch(() => runOnce(url, outFile)));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const each = (pick: (report: Report) => number) => summarize(reports.map(pick));
  return {
    performance: each((r) => score(r, 'performance')),
    accessibility: each((r) => score(r, 'accessibility')),
    bestPractices: each((r) => score(r, 'best-practices')),
    seo: each((r) => score(r, 'seo')),
    lcpMs: each((r) => metric(r, 'largest-contentful-paint')),
    tbtMs: each((r) => metric(r, 'total-blocking-time')),
    cls: each((r) => metric(r, 'cumulative-layout-shift')),
  };
}
