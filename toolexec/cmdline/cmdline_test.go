package cmdline

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/toolexec/internal/captures"
)

func TestParseRenderRoundTrip(t *testing.T) {
	for _, name := range captures.All(t, "") {
		t.Run(name, func(t *testing.T) {
			c := captures.Read(t, name)
			parse := ParseCompile
			if strings.HasPrefix(name, "link") {
				parse = ParseLink
			}
			cmd, err := parse(c.Argv)
			if err != nil {
				t.Fatal(err)
			}
			if got := cmd.Render(); !reflect.DeepEqual(got, c.Argv) {
				t.Errorf("Render differs:\n got %q\nwant %q", got, c.Argv)
			}
		})
	}
}

func TestParseCompileFields(t *testing.T) {
	tests := []struct {
		name                 string
		p, lang, importcfgSf string
		std, race, pack      bool
		files                []string // base names
	}{
		{"compile_test_internal_race", "example.com/m", "go1.22", "/b128/importcfg", false, true, true, []string{"a.go", "a_test.go"}},
		{"compile_test_external_race", "example.com/m_test", "go1.22", "/b129/importcfg", false, true, true, []string{"x_test.go"}},
		{"compile_testmain_race", "main", "go1.22", "/b001/importcfg", false, true, true, []string{"_testmain.go"}},
		{"compile_std_runtime", "runtime", "go1.26", "/b015/importcfg", true, false, true, nil},
		{"compile_cgo", "example.com/m2/cg", "go1.21", "/b003/importcfg", false, false, true, []string{"_cgo_gotypes.go", "cg.cgo1.go"}},
		{"compile_test_internal_cover_trimpath", "example.com/m", "go1.22", "/b142/importcfg", false, false, true, []string{"covervars.go", "a.cover.go", "a_test.go"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd, err := ParseCompile(captures.Read(t, tt.name).Argv)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := cmd.Flag("p")
			lang, _ := cmd.Flag("lang")
			cfg, _ := cmd.Flag("importcfg")
			if p != tt.p || lang != tt.lang || !strings.HasSuffix(cfg, tt.importcfgSf) {
				t.Errorf("p=%q lang=%q importcfg=%q; want %q %q *%s", p, lang, cfg, tt.p, tt.lang, tt.importcfgSf)
			}
			if cmd.Bool("std") != tt.std || cmd.Bool("race") != tt.race || cmd.Bool("pack") != tt.pack {
				t.Errorf("std=%v race=%v pack=%v; want %v %v %v", cmd.Bool("std"), cmd.Bool("race"), cmd.Bool("pack"), tt.std, tt.race, tt.pack)
			}
			if tt.files != nil {
				var bases []string
				for _, f := range cmd.Files {
					bases = append(bases, filepath.Base(f))
				}
				if !slices.Equal(bases[:len(tt.files)], tt.files) {
					t.Errorf("files %v; want prefix %v", bases, tt.files)
				}
			}
			if ToolName(cmd.Tool) != "compile" {
				t.Errorf("ToolName(%q) = %q", cmd.Tool, ToolName(cmd.Tool))
			}
		})
	}
}

// TestParseCompileFlagsWithValues checks flags whose values look like
// files or flags: -trimpath with "=>" rewrites, -D "", -asmhdr, -symabis,
// -embedcfg, -coveragecfg=.
func TestParseCompileFlagsWithValues(t *testing.T) {
	tests := []struct{ capture, flag, suffix string }{
		{"compile_asm", "asmhdr", "/go_asm.h"},
		{"compile_asm", "symabis", "/symabis"},
		{"compile_embed", "embedcfg", "/embedcfg"},
		{"compile_std_runtime", "asmhdr", "/go_asm.h"},
		{"compile_test_internal_cover_trimpath", "coveragecfg", "/coveragecfg"},
		{"compile_test_internal_cover_trimpath", "trimpath", "=>"},
		{"compile_main", "buildid", ""},
		{"compile_main", "goversion", "go1.26.8"},
	}
	for _, tt := range tests {
		cmd, err := ParseCompile(captures.Read(t, tt.capture).Argv)
		if err != nil {
			t.Fatal(err)
		}
		v, ok := cmd.Flag(tt.flag)
		if !ok || !strings.HasSuffix(v, tt.suffix) || v == "" {
			t.Errorf("%s: -%s = %q, %v; want suffix %q", tt.capture, tt.flag, v, ok, tt.suffix)
		}
		for _, f := range cmd.Files {
			if strings.HasPrefix(f, "-") {
				t.Errorf("%s: flag %q parsed as a file", tt.capture, f)
			}
		}
	}
}

func TestSetFlag(t *testing.T) {
	cmd, err := ParseCompile(captures.Read(t, "compile_test_internal_race").Argv)
	if err != nil {
		t.Fatal(err)
	}
	cmd.SetFlag("importcfg", "/new/importcfg")
	cmd.SetFlag("lang", "go1.21")
	cmd.SetFlag("newflag", "v")
	got := strings.Join(cmd.Render(), " ")
	for _, want := range []string{"-importcfg /new/importcfg", "-lang=go1.21", "-newflag v"} {
		if !strings.Contains(got, want) {
			t.Errorf("rendered %q lacks %q", got, want)
		}
	}
	if strings.Count(got, "-importcfg") != 1 {
		t.Errorf("rendered %q: want one -importcfg", got)
	}
	if strings.Contains(got, "b128/importcfg") {
		t.Errorf("old importcfg still present: %q", got)
	}
}

func TestParseLink(t *testing.T) {
	cmd, err := ParseLink(captures.Read(t, "link_test_race").Argv)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := cmd.Flag("importcfg")
	out, _ := cmd.Flag("o")
	suffix, _ := cmd.Flag("installsuffix")
	if !strings.HasSuffix(cfg, "/b001/importcfg.link") || !strings.HasSuffix(out, "/b001/m.test") || suffix != "race" {
		t.Errorf("importcfg=%q o=%q installsuffix=%q", cfg, out, suffix)
	}
	if len(cmd.Files) != 1 || !strings.HasSuffix(cmd.Files[0], "/b001/_pkg_.a") {
		t.Errorf("files = %q; want the main archive", cmd.Files)
	}
	if got := HintFlags(cmd); !slices.Equal(got, []string{"-race"}) {
		t.Errorf("HintFlags = %q; want [-race]", got)
	}
}

// TestResponseFile checks @file expansion as cmd/go writes response files
// (one argument per line, \\ and \n escaped), including nesting.
func TestResponseFile(t *testing.T) {
	c := captures.Read(t, "compile_test_internal_race")
	dir := t.TempDir()
	inner := filepath.Join(dir, "inner")
	outer := filepath.Join(dir, "outer")
	tail := c.Argv[len(c.Argv)-2:]
	if err := os.WriteFile(inner, []byte(strings.Join(tail, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	head := append([]string(nil), c.Argv[1:len(c.Argv)-2]...)
	head = append(head, "-D", `a\\b\nc`, "@"+inner)
	if err := os.WriteFile(outer, []byte(strings.Join(head, "\n")), 0o666); err != nil {
		t.Fatal(err)
	}
	cmd, err := ParseCompile([]string{c.Argv[0], "@" + outer})
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := cmd.Flag("D"); d != "a\\b\nc" {
		t.Errorf("-D = %q; want decoded %q", d, "a\\b\nc")
	}
	if !slices.Equal(cmd.Files, tail) {
		t.Errorf("files = %q; want %q", cmd.Files, tail)
	}
	if _, err := ParseCompile([]string{"compile", "@" + filepath.Join(dir, "missing")}); err == nil {
		t.Error("missing response file: no error")
	}
}

func TestWorkDir(t *testing.T) {
	tests := map[string]string{
		"/tmp/go-build1/b128/_pkg_.a":   "/tmp/go-build1",
		"/tmp/go-build1/b001/exe/a.out": "/tmp/go-build1",
		"/tmp/go-build1/b001/m.test":    "/tmp/go-build1",
		"/home/u/out/x.a":               "/home/u/out",
		"":                              "",
	}
	for in, want := range tests {
		if got := WorkDir(in); got != want {
			t.Errorf("WorkDir(%q) = %q; want %q", in, got, want)
		}
	}
}
