package lsp

// The subset of the Language Server Protocol (3.17) the server speaks.
// Field names follow the specification.

// Position is a zero-based line and UTF-16 code unit offset.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a half-open range of positions.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// RelatedInformation points at another place that matters to a
// diagnostic.
type RelatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// Diagnostic is one finding shown in the editor.
type Diagnostic struct {
	Range              Range                `json:"range"`
	Severity           int                  `json:"severity"`
	Code               string               `json:"code,omitempty"`
	Source             string               `json:"source"`
	Message            string               `json:"message"`
	RelatedInformation []RelatedInformation `json:"relatedInformation,omitempty"`
}

// Severities.
const (
	severityWarning     = 2
	severityInformation = 3
)

// PublishDiagnosticsParams is the notification that replaces a document's
// diagnostics.
type PublishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// TextDocumentIdentifier names a document.
type TextDocumentIdentifier struct {
	URI string `json:"uri"`
}

// DocumentParams carries the document of didOpen, didSave and didClose.
type DocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// CodeActionParams asks for the actions at a range of a document.
type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
}

// Command is a command the editor may run (or show).
type Command struct {
	Title     string `json:"title"`
	Command   string `json:"command"`
	Arguments []any  `json:"arguments,omitempty"`
}

// CodeAction is an action offered at a range.
type CodeAction struct {
	Title       string       `json:"title"`
	Kind        string       `json:"kind"`
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
	Command     *Command     `json:"command,omitempty"`
}

// ExecuteCommandParams runs a command the server offered.
type ExecuteCommandParams struct {
	Command   string `json:"command"`
	Arguments []any  `json:"arguments"`
}

// ShowMessageParams is a message for the user.
type ShowMessageParams struct {
	Type    int    `json:"type"`
	Message string `json:"message"`
}

// initializeResult announces the server's capabilities.
type initializeResult struct {
	Capabilities capabilities `json:"capabilities"`
	ServerInfo   serverInfo   `json:"serverInfo"`
}

type capabilities struct {
	TextDocumentSync       textDocumentSync       `json:"textDocumentSync"`
	CodeActionProvider     bool                   `json:"codeActionProvider"`
	ExecuteCommandProvider executeCommandProvider `json:"executeCommandProvider"`
}

type textDocumentSync struct {
	OpenClose bool        `json:"openClose"`
	Change    int         `json:"change"` // 0: none; diagnostics follow saves
	Save      saveOptions `json:"save"`
}

type saveOptions struct {
	IncludeText bool `json:"includeText"`
}

type executeCommandProvider struct {
	Commands []string `json:"commands"`
}

type serverInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}
