// SPDX-License-Identifier: MIT
// The extension's own logic (extension.js) against a stand-in for VS Code's `vscode` module (VS Code
// itself is not available to the tests): what activate() registers, the adapter command line, the
// launch configuration F5 fills in, "Weft: Explore Current File", and the Weft Executions view, which
// lists weft/executions' answer and loads the clicked execution with weft/selectExecution.
'use strict';

const assert = require('assert');
const Module = require('module');
const path = require('path');

/** A minimal `vscode`: records registrations and custom requests. */
function fakeVscode(state) {
  class EventEmitter {
    constructor() { this.listeners = []; this.event = (l) => this.listeners.push(l); }
    fire(v) { this.listeners.forEach((l) => l(v)); }
  }
  class TreeItem { constructor(label, collapsible) { this.label = label; this.collapsibleState = collapsible; } }
  const disposable = { dispose() {} };
  return {
    EventEmitter,
    TreeItem,
    TreeItemCollapsibleState: { None: 0 },
    ThemeIcon: class { constructor(id) { this.id = id; } },
    Uri: { file: (p) => ({ fsPath: p }) },
    DebugAdapterExecutable: class { constructor(command, args) { this.command = command; this.args = args; } },
    workspace: {
      getConfiguration: () => ({ get: (key) => state.settings[key] }),
      getWorkspaceFolder: () => undefined,
    },
    window: {
      activeTextEditor: state.editor,
      registerTreeDataProvider: (id, provider) => { state.trees[id] = provider; return disposable; },
      showInformationMessage: async (m) => { state.messages.push(m); },
      showErrorMessage: async (m) => { state.messages.push(m); },
    },
    commands: { registerCommand: (id, f) => { state.commands[id] = f; return disposable; } },
    debug: {
      get activeDebugSession() { return state.session; },
      registerDebugAdapterDescriptorFactory: (type, f) => { state.factories[type] = f; return disposable; },
      registerDebugConfigurationProvider: (type, p) => { state.providers[type] = p; return disposable; },
      registerDebugAdapterTrackerFactory: (type, f) => { state.trackers[type] = f; return disposable; },
      onDidChangeActiveDebugSession: () => disposable,
      onDidTerminateDebugSession: () => disposable,
      startDebugging: async (folder, config) => { state.started.push(config); return true; },
    },
  };
}

describe('the VS Code extension', () => {
  let state;
  let extension;
  beforeEach(() => {
    state = { settings: { executable: '/opt/weft/bin/weft', protocolLog: '/tmp/weft-dap.log' }, trees: {}, commands: {},
      factories: {}, providers: {}, trackers: {}, started: [], messages: [], requests: [],
      editor: { document: { languageId: 'c', fileName: '/home/me/prog.c' } }, session: undefined };
    const load = Module._load;
    Module._load = function (request, ...rest) { return request === 'vscode' ? fakeVscode(state) : load.call(this, request, ...rest); };
    try {
      const file = path.join(__dirname, '..', 'extension.js');
      delete require.cache[file];
      extension = require(file);
    } finally {
      Module._load = load;
    }
    extension.activate({ subscriptions: [] });
  });

  it('registers the debugger, the commands and the executions view', () => {
    assert.ok(state.factories.weft && state.providers.weft && state.trackers.weft);
    assert.deepStrictEqual(Object.keys(state.commands).sort(),
      ['weft.exploreCurrentFile', 'weft.refreshExecutions', 'weft.selectExecution']);
    assert.ok(state.trees.weftExecutions);
    const adapter = state.factories.weft.createDebugAdapterDescriptor();
    assert.strictEqual(adapter.command, '/opt/weft/bin/weft');
    assert.deepStrictEqual(adapter.args, ['dap', '--log', '/tmp/weft-dap.log']);
  });

  it('fills in a launch configuration for the active C file and explores the current file', async () => {
    const config = state.providers.weft.resolveDebugConfiguration(undefined, {});
    assert.deepStrictEqual(config, { type: 'weft', name: 'Weft: explore the current file', request: 'launch', program: '${file}' });
    await state.commands['weft.exploreCurrentFile']();
    assert.deepStrictEqual(state.started, [{ type: 'weft', request: 'launch', name: 'Weft: explore prog.c', program: '/home/me/prog.c' }]);
  });

  it('lists the executions of the session and loads the one clicked', async () => {
    const provider = state.trees.weftExecutions;
    assert.deepStrictEqual(await provider.getChildren(), []); // no session
    state.session = {
      type: 'weft',
      customRequest: async (command, args) => {
        state.requests.push([command, args]);
        if (command === 'weft/executions')
          return { total: 1002, loaded: 2, executions: [
            { execution: 1, leaf: 'maximal', events: 18 },
            { execution: 2, leaf: 'defect', events: 17, defect: { kind: 'assertion failure', message: 'x == 2 failed', location: 'a.c:30:5' } },
          ] };
        return { execution: args.execution };
      },
    };
    let refreshed = 0;
    provider.onDidChangeTreeData(() => ++refreshed);
    state.trackers.weft.createDebugAdapterTracker().onDidSendMessage({ type: 'event', event: 'stopped' });
    assert.strictEqual(refreshed, 1);
    const items = await provider.getChildren();
    assert.deepStrictEqual(state.requests[0], ['weft/executions', { start: 0, count: 1000 }]);
    assert.deepStrictEqual(items.map((i) => i.label), ['Execution 1', 'Execution 2', '… 1000 more executions']);
    assert.strictEqual(items[0].description, 'maximal');
    assert.strictEqual(items[1].description, '▶ assertion failure: x == 2 failed');
    assert.strictEqual(items[1].iconPath.id, 'error');
    assert.deepStrictEqual(items[1].command, { command: 'weft.selectExecution', title: 'Load This Execution', arguments: [2] });
    await state.commands['weft.selectExecution'](...items[0].command.arguments);
    assert.deepStrictEqual(state.requests[1], ['weft/selectExecution', { execution: 1 }]);
  });
});
