package toolexec

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/toolexec/cmdline"
	"github.com/vtbound/vtbound/toolexec/importcfg"
	"github.com/vtbound/vtbound/toolexec/rtbuild"
	"github.com/vtbound/vtbound/toolexec/scope"
)

// planLink returns the edited link command line that makes rt and its
// dependencies available to the linker, or an error wrapping errSkip when
// the link needs nothing (no linked package refers to rt, or rt is already
// part of the build).
func planLink(cmd *cmdline.Command, env *Env) ([]string, error) {
	cfgPath, ok := cmd.Flag("importcfg")
	if !ok {
		return nil, fmt.Errorf("%w: no -importcfg", errSkip)
	}
	cfg, err := importcfg.Read(cfgPath)
	if err != nil {
		return nil, err
	}
	if _, ok := cfg.Files[scope.RTPath]; ok {
		return nil, fmt.Errorf("%w: rt already linked", errSkip)
	}
	if !refersToRT(cfg) {
		return nil, fmt.Errorf("%w: no package uses rt", errSkip)
	}
	out, _ := cmd.Flag("o")
	if out == "" {
		return nil, fmt.Errorf("%w: no -o flag", errSkip)
	}
	rt, err := rtbuild.Ensure(rtConfig(env, cmd), cmdline.WorkDir(out))
	if err != nil {
		return nil, err
	}
	if cfg.AddMissing(rt.Paths, rt.Files) == 0 {
		return nil, fmt.Errorf("%w: nothing to add", errSkip)
	}
	newPath := filepath.Join(filepath.Dir(cfgPath), "importcfg.link.vtbound")
	if err := cfg.Write(newPath); err != nil {
		return nil, err
	}
	edited := *cmd
	edited.Args = append([]cmdline.Arg(nil), cmd.Args...)
	edited.SetFlag("importcfg", newPath)
	return edited.Render(), nil
}

// rtMarker is how an archive compiled against rt names it.
var rtMarker = []byte(scope.RTPath)

// refersToRT reports whether any archive in the link importcfg mentions
// rt's import path: the object file of a package compiled against rt lists
// it among its imports. Archives whose paths look like user code (a dot in
// the first path element) are read first; the rest only when none of them
// mentions rt, so that nothing is missed whatever a module path looks like.
// Reading every archive of a test binary costs tens of milliseconds.
func refersToRT(cfg *importcfg.Config) bool {
	var first, rest []string
	for path, file := range cfg.Files {
		if elem, _, _ := strings.Cut(path, "/"); strings.Contains(elem, ".") {
			first = append(first, file)
		} else {
			rest = append(rest, file)
		}
	}
	for _, file := range append(first, rest...) {
		data, err := os.ReadFile(file)
		if err != nil {
			return true // be safe: add rt and let the linker decide
		}
		if bytes.Contains(data, rtMarker) {
			return true
		}
	}
	return false
}
