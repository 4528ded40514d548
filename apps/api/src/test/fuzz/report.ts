import type { Answer } from './checks.ts';
import type { Failure, RunResult } from './runner.ts';
import type { WireRequest } from './transport.ts';

/** A request as a failure message shows it: enough to replay, never megabytes. */
export interface RequestSummary {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

export function summarise(request: WireRequest): RequestSummary {
  const payload = request.payload;
  let body = '(none)';
  if (Buffer.isBuffer(payload)) body = `bytes ${clip(payload.subarray(0, 120).toString('hex'), 240)} (${payload.length} bytes)`;
  else if (payload !== undefined) body = `${clip(JSON.stringify(payload.slice(0, 200)), 260)} (${Buffer.byteLength(payload)} bytes)`;
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, clip(value, 80)]));
  return { method: request.method, url: clip(request.url, 200), headers, body };
}

export function formatFailure(failure: Failure, seed: number): string {
  const summary = failure.request;
  const answer: Answer | null = failure.answer;
  const lines = [
    `#${failure.index} ${failure.mode} (FUZZ_SEED=${seed}) — ${failure.operation}: ${failure.description}`,
    `  ${summary.method} ${summary.url}   [${failure.via}]`,
    `  headers: ${JSON.stringify(summary.headers)}`,
    `  body: ${summary.body}`,
    answer
      ? `  → ${answer.statusCode} ${String(answer.headers['content-type'] ?? '')} ${clip(answer.body, 300)}`
      : '  → no answer',
    ...failure.problems.map((problem) => `  ✗ ${problem.check}: ${problem.detail}`),
  ];
  return lines.join('\n');
}

/** Worst first: no answer, server errors, leaks, XSRF, error shapes, then NUL let through. */
function severity(check: string): number {
  const order = [/^(no answer|connection dropped|maintenance)/, /^status 5/, /^leak/, /^XSRF/, /^error body/, /^NUL answered 5/];
  const rank = order.findIndex((pattern) => pattern.test(check));
  return rank === -1 ? order.length : rank;
}

interface Group {
  key: string;
  check: string;
  count: number;
  first: Failure;
  /** The distinct answers (status and error code or message) behind it. */
  answers: Set<string>;
}

/** The status, and for an error the code or message it carried: what tells causes apart. */
function answerKey(failure: Failure): string {
  const answer = failure.answer;
  if (!answer) return 'no answer';
  let said = '';
  if (answer.statusCode >= 400) {
    try {
      const body: unknown = JSON.parse(answer.body);
      if (typeof body === 'object' && body !== null) said = String(('code' in body && body.code) || ('message' in body && body.message) || '');
    } catch {
      // A clipped body: its code or message is still near the start.
      said = /"(?:code|message)":"([^"]{0,60})/.exec(answer.body)?.[1] ?? answer.body.slice(0, 40);
    }
  }
  return `${answer.statusCode}${said ? ` ${said}` : ''}`;
}

/** Distinct failures by (route, broken rule), worst first, then by first appearance. */
export function groupFailures(failures: Failure[]): Group[] {
  const groups = new Map<string, Group>();
  for (const failure of failures) {
    for (const problem of failure.problems) {
      const key = `${failure.operation} | ${problem.check}`;
      const group = groups.get(key);
      if (group) {
        group.count += 1;
        group.answers.add(answerKey(failure));
      } else {
        groups.set(key, { key, check: problem.check, count: 1, first: failure, answers: new Set([answerKey(failure)]) });
      }
    }
  }
  return [...groups.values()].sort((a, b) => severity(a.check) - severity(b.check) || a.first.index - b.first.index);
}

export function perOperationTable(result: RunResult): string {
  const rows = [...result.perOperation.entries()].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...rows.map(([key]) => key.length));
  const statuses = (key: string) =>
    [...(result.statuses.get(key) ?? new Map<number, number>()).entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
  const ms = (key: string) => `${Math.round(result.elapsed.get(key) ?? 0)} ms`.padStart(9);
  return rows.map(([key, count]) => `${key.padEnd(width)}  ${String(count).padStart(4)} ${ms(key)}  ${statuses(key)}`).join('\n');
}

/** Examples to show: one per distinct cause first, then the next worst groups. */
function examples(groups: Group[], shown: number): Group[] {
  const seen = new Set<string>();
  const signature = (group: Group) => `${group.check}|${answerKey(group.first)}`;
  const distinct = groups.filter((group) => !seen.has(signature(group)) && seen.add(signature(group)));
  return [...distinct, ...groups.filter((group) => !distinct.includes(group))].slice(0, shown);
}

/** The assertion message: what broke, where first, and one replayable request per distinct failure. */
export function failureReport(result: RunResult, seed: number, shown = 12): string {
  const groups = groupFailures(result.failures);
  const parts = [`${result.failures.length} of ${result.sent} malformed requests broke a rule (FUZZ_SEED=${seed}).`];
  if (result.aborted) parts.push(`The run stopped early: ${result.aborted}.`);
  if (result.wedgedAfter !== null) {
    parts.push(`After request #${result.wedgedAfter} a normal request failed too: later failures may only be its aftermath.`);
  }
  parts.push(
    `${groups.length} distinct failures (route | rule — count, first occurrence), worst first:`,
    ...groups.map(
      (group) => `  ${group.key} — ${group.count}× [${[...group.answers].slice(0, 3).join('; ')}] (first #${group.first.index} ${group.first.mode}: ${group.first.description})`,
    ),
    `A request to replay for ${Math.min(shown, groups.length)} of them, one per distinct cause first:`,
    ...examples(groups, shown).map((group) => formatFailure(group.first, seed)),
  );
  return parts.join('\n');
}
