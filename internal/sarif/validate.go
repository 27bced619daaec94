package sarif

import (
	"fmt"
	"net/url"
	"strings"
)

// Validate checks a decoded SARIF log (json.Unmarshal into a map) against
// the properties the SARIF 2.1.0 specification requires and the ones
// GitHub code scanning relies on, including code flows, and returns one
// message per violation, naming the property and its section.
func Validate(log map[string]any) []string {
	var v validator
	v.eq(log["version"], "2.1.0", "sarifLog.version (§3.13.2)")
	runs, ok := log["runs"].([]any)
	if !ok || len(runs) == 0 {
		return append(v.problems, "sarifLog.runs must be a non-empty array (§3.13.4)")
	}
	for i, r := range runs {
		v.run(fmt.Sprintf("runs[%d]", i), obj(r))
	}
	return v.problems
}

type validator struct{ problems []string }

func (v *validator) errorf(format string, args ...any) {
	v.problems = append(v.problems, fmt.Sprintf(format, args...))
}

func (v *validator) eq(got, want any, what string) {
	if got != want {
		v.errorf("%s = %v, want %v", what, got, want)
	}
}

func obj(x any) map[string]any {
	m, _ := x.(map[string]any)
	return m
}

// run checks tool.driver (§3.14.6, §3.18.2) and every result.
func (v *validator) run(path string, run map[string]any) {
	driver := obj(obj(run["tool"])["driver"])
	if name, _ := driver["name"].(string); name == "" {
		v.errorf("%s.tool.driver.name is required (§3.19.8)", path)
	}
	rules, _ := driver["rules"].([]any)
	ids := map[string]int{}
	for i, r := range rules {
		id, _ := obj(r)["id"].(string)
		if id == "" {
			v.errorf("%s.tool.driver.rules[%d].id is required (§3.49.3)", path, i)
		}
		if text, _ := obj(obj(r)["shortDescription"])["text"].(string); text == "" {
			v.errorf("%s.tool.driver.rules[%d].shortDescription.text is empty", path, i)
		}
		ids[id] = i
	}
	if base := obj(obj(run["originalUriBaseIds"])["%SRCROOT%"]); base != nil {
		if u, _ := base["uri"].(string); !strings.HasSuffix(u, "/") {
			v.errorf("%s.originalUriBaseIds uri %q must end with a slash (§3.14.14)", path, u)
		}
	}
	results, ok := run["results"].([]any)
	if !ok {
		v.errorf("%s.results must be an array for GitHub code scanning", path)
	}
	for i, r := range results {
		v.result(fmt.Sprintf("%s.results[%d]", path, i), obj(r), ids)
	}
}

// result checks message (§3.27.11), ruleId/ruleIndex (§3.27.5-6), level
// (§3.27.10), locations (§3.27.12) and code flows (§3.27.18).
func (v *validator) result(path string, res map[string]any, ids map[string]int) {
	if text, _ := obj(res["message"])["text"].(string); text == "" {
		v.errorf("%s.message.text is required", path)
	}
	id, _ := res["ruleId"].(string)
	if idx, known := ids[id]; !known {
		v.errorf("%s.ruleId %q names no rule of the driver", path, id)
	} else if ri, ok := res["ruleIndex"].(float64); ok && int(ri) != idx {
		v.errorf("%s.ruleIndex %v does not match rule %q at %d", path, ri, id, idx)
	}
	switch res["level"] {
	case nil, "none", "note", "warning", "error":
	default:
		v.errorf("%s.level %v is not a SARIF level", path, res["level"])
	}
	locs, _ := res["locations"].([]any)
	if len(locs) == 0 {
		v.errorf("%s.locations: GitHub code scanning needs at least one location", path)
	}
	for i, l := range locs {
		v.location(fmt.Sprintf("%s.locations[%d]", path, i), obj(l))
	}
	flows, _ := res["codeFlows"].([]any)
	for i, f := range flows {
		v.codeFlow(fmt.Sprintf("%s.codeFlows[%d]", path, i), obj(f))
	}
}

// codeFlow checks threadFlows (§3.36.3: non-empty), each threadFlow's
// locations (§3.37.6: non-empty), executionOrder (§3.38.13: an integer,
// here >= 1 and unique within the flow) and importance (§3.38.14).
func (v *validator) codeFlow(path string, cf map[string]any) {
	tfs, _ := cf["threadFlows"].([]any)
	if len(tfs) == 0 {
		v.errorf("%s.threadFlows must be a non-empty array (§3.36.3)", path)
	}
	seen := map[float64]bool{}
	for i, tf := range tfs {
		p := fmt.Sprintf("%s.threadFlows[%d]", path, i)
		locs, _ := obj(tf)["locations"].([]any)
		if len(locs) == 0 {
			v.errorf("%s.locations must be a non-empty array (§3.37.6)", p)
		}
		for j, l := range locs {
			lp := fmt.Sprintf("%s.locations[%d]", p, j)
			order, ok := obj(l)["executionOrder"].(float64)
			if !ok || order < 1 || order != float64(int(order)) || seen[order] {
				v.errorf("%s.executionOrder %v must be a unique positive integer (§3.38.13)", lp, obj(l)["executionOrder"])
			}
			seen[order] = true
			switch obj(l)["importance"] {
			case nil, "important", "essential", "unimportant":
			default:
				v.errorf("%s.importance %v is not a SARIF importance (§3.38.14)", lp, obj(l)["importance"])
			}
			v.location(lp+".location", obj(obj(l)["location"]))
		}
	}
}

// location checks physicalLocation.artifactLocation.uri (§3.4.3, a valid
// URI reference; relative ones need a uriBaseId) and region (§3.30.5-6).
func (v *validator) location(path string, loc map[string]any) {
	phys := obj(loc["physicalLocation"])
	art := obj(phys["artifactLocation"])
	uri, _ := art["uri"].(string)
	u, err := url.Parse(uri)
	switch {
	case uri == "" || err != nil:
		v.errorf("%s.physicalLocation.artifactLocation.uri %q is not a URI reference", path, uri)
	case !u.IsAbs() && art["uriBaseId"] == nil:
		v.errorf("%s: relative uri %q without uriBaseId", path, uri)
	case strings.HasPrefix(uri, "/"):
		v.errorf("%s: uri %q is an absolute path, not a URI", path, uri)
	}
	region := obj(phys["region"])
	if line, _ := region["startLine"].(float64); line < 1 {
		v.errorf("%s.region.startLine must be >= 1 (§3.30.5)", path)
	}
	if col, ok := region["startColumn"].(float64); ok && col < 1 {
		v.errorf("%s.region.startColumn must be >= 1 (§3.30.6)", path)
	}
}
