// SPDX-License-Identifier: MIT
// A real DAP client (@vscode/debugadapter-testsupport's DebugClient, as VS Code's own adapters are
// tested) drives `weft dap` through lost_update.c's counterexample: stop at the assertion with the lost
// update's values, threads, stack, variables, step back, next, breakpoints (plain and conditional),
// continue to the end, the custom requests, bad input, and a disconnect in the middle of a long
// exploration. Run by CTest (tests/app/dap/CMakeLists.txt) with WEFT and WEFT_TEST_PROGRAMS set.
'use strict';

const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const WEFT = process.env.WEFT;
const PROGRAMS = process.env.WEFT_TEST_PROGRAMS;
const lostUpdate = path.join(PROGRAMS, 'lost_update', 'lost_update.c');
const expected = JSON.parse(fs.readFileSync(path.join(PROGRAMS, 'lost_update', 'expected.json'), 'utf8')).instances[0];
const source = fs.readFileSync(lostUpdate, 'utf8').split('\n');
const lineOf = (text) => source.findIndex((l) => l.includes(text)) + 1;

describe('weft dap driven by a DAP client', function () {
  this.timeout(300000);
  let dc;
  let output;

  beforeEach(async () => {
    dc = new DebugClient(WEFT, 'dap', 'weft');
    dc.defaultTimeout = 240000; // only a guard against a hang: nothing here is timed
    output = [];
    dc.on('output', (e) => output.push(e.body));
    await dc.start();
  });
  afterEach(() => dc && dc.stop()); // null once a test has seen the adapter exit

  /** initialize, launch, configure; resolves with the first `stopped` event's body. */
  async function launch(args, extra = {}) {
    const initialized = dc.waitForEvent('initialized');
    const stopped = dc.waitForEvent('stopped');
    const init = await dc.initializeRequest({ adapterID: 'weft', linesStartAt1: true, columnsStartAt1: true,
      pathFormat: 'path', supportsProgressReporting: true });
    assert.strictEqual(init.body.supportsStepBack, true);
    assert.strictEqual(init.body.supportsConfigurationDoneRequest, true);
    assert.ok(init.body.exceptionBreakpointFilters.some((f) => f.filter === 'assertion-failure'));
    await dc.launchRequest(args);
    await initialized;
    if (extra.breakpoints)
      await dc.setBreakpointsRequest({ source: { path: args.program }, breakpoints: extra.breakpoints });
    await dc.configurationDoneRequest();
    return (await stopped).body;
  }

  async function step(request, args) {
    const stopped = dc.waitForEvent('stopped');
    await request(args);
    return (await stopped).body;
  }

  async function topFrame(threadId) {
    const trace = await dc.stackTraceRequest({ threadId });
    return trace.body.stackFrames[0];
  }

  async function variable(frameId, scopeName, name) {
    const scopes = await dc.scopesRequest({ frameId });
    const scope = scopes.body.scopes.find((s) => s.name === scopeName);
    const vars = await dc.variablesRequest({ variablesReference: scope.variablesReference });
    return vars.body.variables.find((v) => v.name === name);
  }

  it('stops at the defect and steps through the counterexample', async () => {
    const assertLine = lineOf('assert(x == 2)');
    const stopped = await launch({ program: lostUpdate });
    assert.strictEqual(stopped.reason, 'exception');
    assert.match(stopped.description, /x == 2/);

    // Threads: main and the two incrementers (finished: main joined them before the assertion).
    const threads = (await dc.threadsRequest()).body.threads;
    assert.deepStrictEqual(threads.map((t) => t.id), [1, 2, 3]);
    assert.match(threads[0].name, /^T0 \(stopped: /);
    assert.match(threads[1].name, /^T1 \(finished\)/);
    assert.strictEqual(stopped.threadId, 1);

    // main stands on the assertion; the lost update: x is 1 where a passing run has 2.
    const frame = await topFrame(1);
    assert.strictEqual(frame.name, 'main');
    assert.strictEqual(frame.line, assertLine);
    assert.strictEqual(path.resolve(frame.source.path), path.resolve(lostUpdate));
    assert.strictEqual((await variable(frame.id, 'Globals', 'x')).value, '1');
    const evaluated = await dc.evaluateRequest({ expression: 'x', frameId: frame.id, context: 'watch' });
    assert.strictEqual(evaluated.body.result, '1');
    assert.strictEqual(evaluated.body.type, 'int');
    assert.ok(output.some((o) => o.category === 'stdout' && o.output.includes('x = 1')));
    const info = await dc.exceptionInfoRequest({ threadId: 1 });
    assert.strictEqual(info.body.exceptionId, 'assertion failure');
    assert.match(info.body.description, /x == 2/);

    // Step back one event (main's join of T2 or the failing step's event), then forward to the defect again.
    const back = await step((a) => dc.stepBackRequest(a), { threadId: 1 });
    assert.strictEqual(back.reason, 'step');
    await assert.rejects(dc.exceptionInfoRequest({ threadId: 1 }), /does not stand at a defect/);
    const again = await step((a) => dc.nextRequest(a), { threadId: 1 });
    assert.strictEqual(again.reason, 'exception');
    assert.strictEqual((await topFrame(again.threadId)).line, assertLine);

    // Back to the start, then a breakpoint on the write of the stale value: both threads stop there
    // with tmp == 0 (each read x before the other wrote it), then the run ends at the defect.
    const start = await step((a) => dc.reverseContinueRequest(a), { threadId: 1 });
    assert.strictEqual(start.reason, 'entry');
    const writeLine = lineOf('x = tmp + 1');
    const set = await dc.setBreakpointsRequest({ source: { path: lostUpdate }, breakpoints: [{ line: writeLine }] });
    assert.strictEqual(set.body.breakpoints[0].verified, true);
    const seen = [];
    for (let i = 0; i < 2; ++i) {
      const hit = await step((a) => dc.continueRequest(a), { threadId: 1 });
      assert.strictEqual(hit.reason, 'breakpoint');
      const top = await topFrame(hit.threadId);
      assert.strictEqual(top.line, writeLine);
      assert.strictEqual(top.name, 'increment');
      assert.strictEqual((await variable(top.id, 'Locals', 'tmp')).value, '0');
      seen.push(hit.threadId);
    }
    assert.deepStrictEqual(seen.sort(), [2, 3]);
    const end = await step((a) => dc.continueRequest(a), { threadId: 1 });
    assert.strictEqual(end.reason, 'exception');

    // A condition that never holds in this interleaving: from the start, continue runs to the defect.
    await dc.setBreakpointsRequest({ source: { path: lostUpdate }, breakpoints: [{ line: writeLine, condition: 'tmp == 1' }] });
    assert.strictEqual((await step((a) => dc.reverseContinueRequest(a), { threadId: 1 })).reason, 'entry');
    assert.strictEqual((await step((a) => dc.continueRequest(a), { threadId: 1 })).reason, 'exception');
    const bad = await dc.setBreakpointsRequest({ source: { path: lostUpdate }, breakpoints: [{ line: writeLine, condition: 'f(x)' }] });
    assert.strictEqual(bad.body.breakpoints[0].verified, false);
  });

  it('lists the executions, loads one, shows alternatives and explores with an event', async () => {
    const ended = dc.waitForEvent('progressEnd');
    await launch({ program: lostUpdate, stopOnEntry: true });
    await ended; // the exploration is complete: its counts are the oracle's
    const list = (await dc.customRequest('weft/executions')).body;
    assert.strictEqual(list.finished, true);
    assert.strictEqual(list.total, expected.maximalConfigurations);
    assert.strictEqual(list.executions.filter((e) => e.leaf === 'defect').length, expected.failingConfigurations);
    assert.ok(list.executions.filter((e) => e.defect).every((e) => e.defect.kind === 'assertion failure'));

    // A passing execution: from its start to its end, where x is 2.
    const passing = list.executions.find((e) => e.leaf === 'maximal');
    const loaded = await step((a) => dc.customRequest('weft/selectExecution', a), { execution: passing.execution });
    assert.strictEqual(loaded.reason, 'entry');
    const end = await step((a) => dc.continueRequest(a), { threadId: 1 });
    assert.strictEqual(end.reason, 'end');
    assert.strictEqual((await dc.evaluateRequest({ expression: 'x' })).body.result, '2');
    assert.ok(output.some((o) => o.category === 'stdout' && o.output.includes('x = 2')));

    // The event structure has every event of the exploration.
    const structure = (await dc.customRequest('weft/eventStructure')).body;
    assert.strictEqual(structure.totalEvents, expected.events);
    assert.strictEqual(structure.events.length, expected.events);
    assert.ok(structure.conflicts.length > 0);
    assert.strictEqual(structure.execution.length, passing.events);

    // Some step of this execution has an alternative; exploring with it makes it the next event.
    let chosen;
    for (let s = 0; s < passing.events && !chosen; ++s) {
      const alternatives = (await dc.customRequest('weft/alternatives', { step: s })).body;
      assert.strictEqual(alternatives.step, s);
      if (alternatives.alternatives.length) chosen = alternatives.alternatives[0];
    }
    assert.ok(chosen, 'no step with an alternative');
    const moved = await step((a) => dc.customRequest('weft/exploreWith', a), { event: chosen.id });
    assert.strictEqual(moved.reason, 'goto');
    const after = (await dc.customRequest('weft/eventStructure', { maxEvents: 0 })).body;
    assert.strictEqual(after.next, chosen.id);
    assert.strictEqual(after.events.length, 0);
    assert.strictEqual(after.truncated, true);
  });

  it('answers bad input with errors, never a crash', async () => {
    await assert.rejects(dc.stackTraceRequest({ threadId: 1 }), /first request must be 'initialize'/);
    await dc.initializeRequest({ adapterID: 'weft' });
    await assert.rejects(dc.initializeRequest({ adapterID: 'weft' }), /already sent/);
    await assert.rejects(dc.customRequest('frobnicate'), /unknown command 'frobnicate'/);
    await assert.rejects(dc.nextRequest({ threadId: 1 }), /needs a launched program/);
    await assert.rejects(dc.launchRequest({}), /'program' is missing/);
    await assert.rejects(dc.launchRequest({ program: lostUpdate, policy: 'fastest' }), /'policy' must be/);
    const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-dap-')), 'broken.c');
    fs.writeFileSync(broken, 'int main(void)\n{\n    return undeclared_variable;\n}\n');
    await assert.rejects(dc.launchRequest({ program: broken }), /broken\.c:3:12: error: use of undeclared identifier 'undeclared_variable'/);
    // The session is still usable: a good launch after a failed one stops at the defect.
    const stopped = dc.waitForEvent('stopped');
    await dc.launchRequest({ program: lostUpdate });
    await dc.configurationDoneRequest();
    assert.strictEqual((await stopped).body.reason, 'exception');
  });

  it('writes the protocol log of --log FILE and exits with 0 when its input ends', async () => {
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-dap-')), 'protocol.log');
    const child = require('child_process').spawn(WEFT, ['dap', '--log', log], { stdio: ['pipe', 'pipe', 'inherit'] });
    const body = JSON.stringify({ seq: 1, type: 'request', command: 'initialize', arguments: { adapterID: 'weft' } });
    let out = '';
    const answered = new Promise((resolve) => child.stdout.on('data', (d) => { out += d; if (out.includes('"supportsStepBack"')) resolve(); }));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    await answered;
    child.stdin.end(); // the client is gone
    assert.strictEqual(await exited, 0);
    assert.match(out, /^Content-Length: \d+\r\n\r\n\{/); // nothing but protocol messages on stdout
    const lines = fs.readFileSync(log, 'utf8').trim().split('\n');
    assert.match(lines[0], /^\d\d:\d\d:\d\d\.\d{3} <- \{"seq":1,"type":"request","command":"initialize"/);
    assert.match(lines[1], / -> \{.*"supportsStepBack":true/);
    assert.match(lines[2], / !! end of input: the client is gone$/);
  });

  it('ends cleanly when disconnected in the middle of a long exploration', async () => {
    const lockPairs = path.join(PROGRAMS, 'lock_pairs', 'lock_pairs.c');
    const progress = dc.waitForEvent('progressUpdate');
    await dc.initializeRequest({ adapterID: 'weft', supportsProgressReporting: true });
    await dc.launchRequest({ program: lockPairs, defines: ['PARAM1=4', 'PARAM2=3'] }); // 160,000 executions
    await dc.configurationDoneRequest();
    await progress; // exploring now
    const exited = new Promise((resolve) => dc._adapterProcess.once('exit', (code) => resolve(code)));
    await dc.disconnectRequest({});
    assert.strictEqual(await exited, 0);
    dc = null; // gone: DebugClient.stop() would wait for an answer to its own disconnect
  });
});
