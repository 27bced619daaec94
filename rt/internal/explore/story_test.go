package explore_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/explore"
	"github.com/vtbound/vtbound/rt/internal/kernels"
)

// storyStrategies are the strategies the catalogue's reports are checked
// under: the default portfolio, dpor and pct.
var storyStrategies = []string{"portfolio", "dpor", "pct"}

// slowStories are the kernels a strategy needs far more executions for
// than the others (vt-fig10, a (2,2,3) bug, takes pct ~1e5): they run only
// without -short and with VTBOUND_STORY_SLOW=1 set, with slowStoryBudget.
var slowStories = map[string]bool{"vt-fig10/pct": true}

// slowStoryBudget is the find budget of slowStories.
const slowStoryBudget = 400000

// namedAccess matches a goroutine's access in a sentence: "G2 read a at
// kernels.go:1", "G3 wrote it at kernels.go:2".
var namedAccess = regexp.MustCompile(`(G\d+) (?:read|wrote|overwrote|did|closed|sent|called|returned)[^,:]*? at ([\w.]+\.go:\d+)`)

// namedWait matches a blocked goroutine in a sentence: "G2 at
// kernels.go:13 lock".
var namedWait = regexp.MustCompile(`(G\d+) at ([\w.]+\.go:\d+ [\w-]+)`)

// TestKernelStories: the report of every buggy kernel of the catalogue,
// found by the default portfolio, dpor and pct, starts with a plain
// sentence; every access the sentence names is among the steps shown, and
// every blocked goroutine it names is stopped there in the goroutines
// section; and the goroutines section covers every goroutine shown, so the
// three parts tell one execution.
func TestKernelStories(t *testing.T) {
	for _, k := range kernels.All {
		for _, name := range storyStrategies {
			t.Run(k.Name+"/"+name, func(t *testing.T) {
				budget := explore.StoryFindBudget
				if slowStories[k.Name+"/"+name] {
					if testing.Short() || os.Getenv("VTBOUND_STORY_SLOW") == "" {
						t.Skip("needs ~1e5 executions: set VTBOUND_STORY_SLOW=1 (without -short) to run it")
					}
					budget = slowStoryBudget
				}
				sentence, goroutines, shown := explore.KernelStory(t, func(tb testing.TB) { k.Body(tb, false) }, name, budget)
				steps, gs := strings.Join(shown, "\n"), strings.Join(goroutines, "\n")
				report := fmt.Sprintf("what happened: %s\ngoroutines:\n%s\nsteps:\n%s", sentence, gs, steps)
				if sentence == "" {
					t.Fatalf("no sentence:\n%s", report)
				}
				t.Log(report)
				checkNamed(t, sentence, steps, gs, report)
				for _, g := range regexp.MustCompile(`G\d+`).FindAllString(steps, -1) {
					if !strings.Contains(gs, g+" (") {
						t.Errorf("%s takes a step shown but has no line in the goroutines section:\n%s", g, report)
					}
				}
			})
		}
	}
}

// checkNamed checks that the sites a sentence names are in the report:
// accesses among the steps shown, waits in the goroutines section.
func checkNamed(t *testing.T, sentence, steps, gs, report string) {
	t.Helper()
	accesses, waits := namedAccess.FindAllStringSubmatch(sentence, -1), namedWait.FindAllStringSubmatch(sentence, -1)
	if len(accesses)+len(waits) == 0 {
		t.Errorf("the sentence names no site:\n%s", report)
	}
	for _, a := range accesses {
		if !regexp.MustCompile(`\b` + a[1] + ` ` + regexp.QuoteMeta(a[2]) + ` `).MatchString(steps) {
			t.Errorf("the sentence names %s at %s, which the steps shown leave out:\n%s", a[1], a[2], report)
		}
	}
	for _, w := range waits {
		if !strings.Contains(gs, w[1]+" (") || !strings.Contains(gs, "stopped at "+w[2]) {
			t.Errorf("the sentence has %s waiting at %s, which the goroutines section does not:\n%s", w[1], w[2], report)
		}
	}
}
