package coverage

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Version is the coverage file format version this package writes; Parse
// reads it and every older version.
const Version = 1

// magic starts every coverage file, followed by the version.
const magic = "vtbound-coverage"

// File is the coverage of one test in the stable, versioned file format:
//
//	vtbound-coverage 1
//	test TestName
//	executions 42 growth 17
//	hapset "file.go:12" write R 9f3a0c1d22e4b871 <- "file.go:9" read L -
//	sp "file.go:20" "file.go:31" covered
//	ui identified=4 pruned=1 forced=3 failed=0 benign=3
//
// One record per line; sites are quoted file:line strings, kinds are
// operation names, L and R the local and remote side, then the calling
// context as a hexadecimal hash ("-" when none was recorded). A context
// hashes code addresses: it is valid only for the build of the test
// binary that wrote it, and a reader of another build must ignore it (or
// drop the entries that have one). An sp record's state
// is covered, uncovered (estimated, never covered) or unestimated (covered,
// not estimated). The ui record (unserializable-interleaving counts) is
// optional. Lines starting with # are comments. A reader rejects a newer
// version and any malformed line, naming the file and line.
type File struct {
	Test               string
	Executions, Growth int
	HaPSet             []FilePair
	SP                 []FileReq
	UI                 *UICounts
}

// FileStmt is a statement with its site named.
type FileStmt struct {
	Site   string // file:line
	Kind   string // operation name, as sched.OpKind.String
	Remote bool
	Ctx    uint64 // calling-context hash of one build, 0 for none
}

// FilePair is a HaPSet entry: Pred ∈ HaPSet[Of].
type FilePair struct{ Of, Pred FileStmt }

// FileReq is an SP requirement and its state.
type FileReq struct {
	First, Then string
	State       string // "covered", "uncovered" or "unestimated"
}

// UICounts are CTrigger's unserializable-interleaving counts.
type UICounts struct {
	Identified, Pruned, Forced, Failed, Benign int
}

// File renders s for test, naming sites with site.
func (s *State) File(test string, site func(int32) string) *File {
	f := &File{Test: test, Executions: s.Executions, Growth: s.Growth}
	st := func(x Stmt) FileStmt { return FileStmt{site(x.Site), x.Kind.String(), x.Remote, x.Ctx} }
	for _, p := range s.H.Pairs() {
		f.HaPSet = append(f.HaPSet, FilePair{st(p.Of), st(p.Pred)})
	}
	for _, r := range s.Estimated {
		state := "uncovered"
		if s.Covered[r] {
			state = "covered"
		}
		f.SP = append(f.SP, FileReq{site(r.First), site(r.Then), state})
	}
	for _, r := range sortedReqs(s.Covered) {
		if !s.estimated[r] {
			f.SP = append(f.SP, FileReq{site(r.First), site(r.Then), "unestimated"})
		}
	}
	return f
}

// Marshal renders f in the current format version.
func (f *File) Marshal() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %d\ntest %s\nexecutions %d growth %d\n", magic, Version, f.Test, f.Executions, f.Growth)
	for _, p := range f.HaPSet {
		fmt.Fprintf(&b, "hapset %s <- %s\n", p.Of, p.Pred)
	}
	for _, r := range f.SP {
		fmt.Fprintf(&b, "sp %q %q %s\n", r.First, r.Then, r.State)
	}
	if u := f.UI; u != nil {
		fmt.Fprintf(&b, "ui identified=%d pruned=%d forced=%d failed=%d benign=%d\n",
			u.Identified, u.Pruned, u.Forced, u.Failed, u.Benign)
	}
	return b.Bytes()
}

// String renders a statement as in the file: "site" kind L|R ctx.
func (s FileStmt) String() string {
	side, ctx := "L", "-"
	if s.Remote {
		side = "R"
	}
	if s.Ctx != 0 {
		ctx = strconv.FormatUint(s.Ctx, 16)
	}
	return fmt.Sprintf("%q %s %s %s", s.Site, s.Kind, side, ctx)
}

// Parse reads a coverage file; name (its path) prefixes every error.
func Parse(name string, data []byte) (*File, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	f := &File{}
	n, header := 0, false
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var err error
		if !header {
			err, header = parseHeader(line), true
		} else {
			err = f.parseRecord(line)
		}
		if err != nil {
			return nil, fmt.Errorf("coverage file %s: line %d: %w", name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("coverage file %s: %w", name, err)
	}
	if !header {
		return nil, fmt.Errorf("coverage file %s: empty (want a %q header)", name, magic)
	}
	return f, nil
}

func parseHeader(line string) error {
	w := strings.Fields(line)
	if len(w) != 2 || w[0] != magic {
		return fmt.Errorf("not a coverage file (want %q header, got %q)", magic+" "+strconv.Itoa(Version), line)
	}
	v, err := strconv.Atoi(w[1])
	if err != nil || v < 1 {
		return fmt.Errorf("bad version %q", w[1])
	}
	if v > Version {
		return fmt.Errorf("version %d is newer than this vtbound reads (%d)", v, Version)
	}
	return nil
}

// parseRecord reads one line after the header.
func (f *File) parseRecord(line string) error {
	w, err := fields(line)
	if err != nil {
		return err
	}
	switch {
	case w[0] == "test" && len(w) == 2:
		f.Test = w[1]
	case w[0] == "executions" && len(w) == 4 && w[2] == "growth":
		f.Executions, err = strconv.Atoi(w[1])
		if err == nil {
			f.Growth, err = strconv.Atoi(w[3])
		}
	case w[0] == "hapset" && len(w) == 10 && w[5] == "<-":
		var p FilePair
		p.Of, err = parseStmt(w[1:5])
		if err == nil {
			p.Pred, err = parseStmt(w[6:10])
		}
		f.HaPSet = append(f.HaPSet, p)
	case w[0] == "sp" && len(w) == 4:
		if w[3] != "covered" && w[3] != "uncovered" && w[3] != "unestimated" {
			return fmt.Errorf("sp state %q (want covered, uncovered or unestimated)", w[3])
		}
		f.SP = append(f.SP, FileReq{w[1], w[2], w[3]})
	case w[0] == "ui" && len(w) == 6:
		f.UI, err = parseUI(w[1:])
	default:
		return fmt.Errorf("malformed record %q", line)
	}
	return err
}

// fields splits a line into words, unquoting quoted ones.
func fields(line string) ([]string, error) {
	var out []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if line[0] == '"' {
			q, err := strconv.QuotedPrefix(line)
			if err != nil {
				return nil, fmt.Errorf("bad quoted site in %q", line)
			}
			s, _ := strconv.Unquote(q)
			out, line = append(out, s), line[len(q):]
			continue
		}
		i := strings.IndexAny(line, " \t")
		if i < 0 {
			i = len(line)
		}
		out, line = append(out, line[:i]), line[i:]
	}
	return out, nil
}

func parseStmt(w []string) (FileStmt, error) {
	if w[2] != "L" && w[2] != "R" {
		return FileStmt{}, fmt.Errorf("statement side %q (want L or R)", w[2])
	}
	if !knownKind(w[1]) {
		return FileStmt{}, fmt.Errorf("unknown operation %q", w[1])
	}
	var ctx uint64
	if w[3] != "-" {
		c, err := strconv.ParseUint(w[3], 16, 64)
		if err != nil || c == 0 {
			return FileStmt{}, fmt.Errorf("calling context %q (want a hexadecimal hash or -)", w[3])
		}
		ctx = c
	}
	return FileStmt{Site: w[0], Kind: w[1], Remote: w[2] == "R", Ctx: ctx}, nil
}

func knownKind(name string) bool {
	for k := sched.OpKind(0); k.String() != "op?"; k++ {
		if k.String() == name {
			return true
		}
	}
	return false
}

func parseUI(w []string) (*UICounts, error) {
	u := &UICounts{}
	dst := []*int{&u.Identified, &u.Pruned, &u.Forced, &u.Failed, &u.Benign}
	names := []string{"identified", "pruned", "forced", "failed", "benign"}
	for i, kv := range w {
		k, v, ok := strings.Cut(kv, "=")
		n, err := strconv.Atoi(v)
		if !ok || k != names[i] || err != nil || n < 0 {
			return nil, fmt.Errorf("ui field %q (want %s=N)", kv, names[i])
		}
		*dst[i] = n
	}
	return u, nil
}
