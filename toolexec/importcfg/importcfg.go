// Package importcfg reads, edits and writes the import configuration files
// the go command gives the compiler and the linker (-importcfg).
package importcfg

import (
	"fmt"
	"os"
	"strings"
)

// Config is a compile or link import configuration file as written by the
// go command: "packagefile path=file", "importmap from=to" and other lines
// (modinfo, ...) kept verbatim.
//
// Invariant: Files holds exactly the packagefile lines of Lines.
type Config struct {
	// Lines are the file's lines in order.
	Lines []string
	// Files maps an import path to its export data or archive file.
	Files map[string]string
	// ImportMap maps an import path as written in source to the package's
	// real path (vendoring).
	ImportMap map[string]string
}

// Read reads and parses an importcfg file.
func Read(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read importcfg: %w", err)
	}
	return Parse(string(data)), nil
}

// Parse parses importcfg text. Unknown lines are kept.
func Parse(text string) *Config {
	c := &Config{Files: map[string]string{}, ImportMap: map[string]string{}}
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		c.Lines = append(c.Lines, line)
		verb, rest, _ := strings.Cut(line, " ")
		k, v, ok := strings.Cut(rest, "=")
		if !ok {
			continue
		}
		switch verb {
		case "packagefile":
			c.Files[k] = v
		case "importmap":
			c.ImportMap[k] = v
		}
	}
	return c
}

// Resolve returns the real import path for path as written in source.
func (c *Config) Resolve(path string) string {
	if to, ok := c.ImportMap[path]; ok {
		return to
	}
	return path
}

// AddMissing adds a packagefile line for every entry of files whose import
// path is not yet present, in the order given by paths, and returns how
// many lines it added. Existing entries are never replaced: the build's own
// copy of a package wins.
func (c *Config) AddMissing(paths []string, files map[string]string) int {
	n := 0
	for _, p := range paths {
		f, ok := files[p]
		if !ok || f == "" {
			continue
		}
		if _, dup := c.Files[p]; dup {
			continue
		}
		c.Files[p] = f
		c.Lines = append(c.Lines, "packagefile "+p+"="+f)
		n++
	}
	return n
}

// String renders the configuration in importcfg syntax.
func (c *Config) String() string {
	return strings.Join(c.Lines, "\n") + "\n"
}

// Write writes the configuration to path.
func (c *Config) Write(path string) error {
	if err := os.WriteFile(path, []byte(c.String()), 0o666); err != nil {
		return fmt.Errorf("write importcfg: %w", err)
	}
	return nil
}
