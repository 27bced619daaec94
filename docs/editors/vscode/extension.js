// A minimal VS Code extension: starts `vtbound lsp` for Go files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("vtbound").get("path") || "vtbound";
  client = new LanguageClient(
    "vtbound",
    "vtbound",
    { command, args: ["lsp"] },
    { documentSelector: [{ scheme: "file", language: "go" }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
