// SPDX-License-Identifier: MIT
// The Weft extension: runs `weft dap` as the debug adapter of type "weft", adds "Weft: Explore Current
// File", and the "Weft Executions" view, which lists the executions of the running exploration
// (custom request weft/executions) and loads the one clicked (weft/selectExecution).
'use strict';

const vscode = require('vscode');

/** Starts `weft dap` (the path and the protocol log come from the settings). */
class WeftAdapterFactory {
  createDebugAdapterDescriptor() {
    const settings = vscode.workspace.getConfiguration('weft');
    const args = ['dap'];
    const log = settings.get('protocolLog');
    if (log) args.push('--log', log);
    return new vscode.DebugAdapterExecutable(settings.get('executable') || 'weft', args);
  }
}

/** Fills in a launch configuration for F5 without a launch.json: the active C file. */
class WeftConfigurationProvider {
  resolveDebugConfiguration(folder, config) {
    if (!config.type && !config.request && !config.name) {
      const editor = vscode.window.activeTextEditor;
      if (editor && editor.document.languageId === 'c') {
        config.type = 'weft';
        config.name = 'Weft: explore the current file';
        config.request = 'launch';
        config.program = '${file}';
      }
    }
    if (!config.program) {
      return vscode.window.showInformationMessage('Weft needs a C file to explore ("program").').then(() => undefined);
    }
    return config;
  }
}

/** One row of the Weft Executions view. */
class ExecutionItem extends vscode.TreeItem {
  constructor(execution, loaded) {
    const defect = execution.defect;
    super(`Execution ${execution.execution}`, vscode.TreeItemCollapsibleState.None);
    this.description = defect ? `${defect.kind}: ${defect.message}` : execution.leaf;
    this.tooltip = `${execution.events} events${defect && defect.location ? ' — ' + defect.location : ''}`;
    this.iconPath = new vscode.ThemeIcon(execution.leaf === 'defect' ? 'error'
      : execution.leaf === 'maximal' ? 'pass' : 'circle-slash');
    if (loaded) this.description = '▶ ' + this.description;
    this.command = { command: 'weft.selectExecution', title: 'Load This Execution', arguments: [execution.execution] };
  }
}

class ExecutionsProvider {
  constructor() {
    this.changed = new vscode.EventEmitter();
    this.onDidChangeTreeData = this.changed.event;
  }
  refresh() { this.changed.fire(); }
  async getChildren() {
    const session = vscode.debug.activeDebugSession;
    if (!session || session.type !== 'weft') return [];
    try {
      const body = await session.customRequest('weft/executions', { start: 0, count: 1000 });
      const items = body.executions.map((e) => new ExecutionItem(e, e.execution === body.loaded));
      if (body.total > body.executions.length) {
        const more = new vscode.TreeItem(`… ${body.total - body.executions.length} more executions`);
        more.iconPath = new vscode.ThemeIcon('ellipsis');
        items.push(more);
      }
      return items;
    } catch (e) {
      return []; // not launched yet, or the exploration has reported nothing so far
    }
  }
  getTreeItem(item) { return item; }
}

function activate(context) {
  const executions = new ExecutionsProvider();
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('weft', new WeftAdapterFactory()),
    vscode.debug.registerDebugConfigurationProvider('weft', new WeftConfigurationProvider()),
    vscode.window.registerTreeDataProvider('weftExecutions', executions),
    // Refresh the view when the adapter stops or reports progress.
    vscode.debug.registerDebugAdapterTrackerFactory('weft', {
      createDebugAdapterTracker() {
        return {
          onDidSendMessage(m) {
            if (m.type === 'event' && ['stopped', 'progressEnd', 'progressUpdate'].includes(m.event)) executions.refresh();
          },
        };
      },
    }),
    vscode.debug.onDidChangeActiveDebugSession(() => executions.refresh()),
    vscode.debug.onDidTerminateDebugSession(() => executions.refresh()),
    vscode.commands.registerCommand('weft.refreshExecutions', () => executions.refresh()),
    vscode.commands.registerCommand('weft.selectExecution', async (execution) => {
      const session = vscode.debug.activeDebugSession;
      if (!session || session.type !== 'weft') return;
      try {
        await session.customRequest('weft/selectExecution', { execution });
      } catch (e) {
        vscode.window.showErrorMessage(`Weft: ${e.message}`);
      }
    }),
    vscode.commands.registerCommand('weft.exploreCurrentFile', async (uri) => {
      const file = uri && uri.fsPath ? uri.fsPath
        : vscode.window.activeTextEditor && vscode.window.activeTextEditor.document.fileName;
      if (!file) {
        vscode.window.showInformationMessage('Weft: open a C file first.');
        return;
      }
      const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(file));
      await vscode.debug.startDebugging(folder, {
        type: 'weft', request: 'launch', name: 'Weft: explore ' + require('path').basename(file), program: file,
      });
    }),
  );
}

function deactivate() {}

module.exports = { activate, deactivate };
