package headless

import (
	"encoding/json"
	"fmt"
	"strings"
)

// errorOf describes an event that reports an error in the page: a console
// error or failed assertion, an uncaught exception, or an error-level log
// entry (a resource that failed to load, a blocked request); "" otherwise.
func errorOf(m message) string {
	switch m.Method {
	case "Runtime.consoleAPICalled":
		var p struct {
			Type string
			Args []struct {
				Value       any
				Description string
			}
		}
		if json.Unmarshal(m.Params, &p) != nil || (p.Type != "error" && p.Type != "assert") {
			return ""
		}
		var parts []string
		for _, a := range p.Args {
			if a.Description != "" {
				parts = append(parts, a.Description)
			} else {
				parts = append(parts, fmt.Sprint(a.Value))
			}
		}
		return "console." + p.Type + ": " + strings.Join(parts, " ")
	case "Runtime.exceptionThrown":
		var p struct {
			ExceptionDetails struct {
				Text      string
				Exception struct{ Description string }
			}
		}
		json.Unmarshal(m.Params, &p)
		return "exception: " + p.ExceptionDetails.Text + " " + p.ExceptionDetails.Exception.Description
	case "Log.entryAdded":
		var p struct {
			Entry struct{ Level, Source, Text, URL string }
		}
		if json.Unmarshal(m.Params, &p) != nil || p.Entry.Level != "error" {
			return ""
		}
		return fmt.Sprintf("log (%s): %s %s", p.Entry.Source, p.Entry.Text, p.Entry.URL)
	}
	return ""
}
