package differential

// Module is one pinned third-party module of the differential check.
type Module struct {
	Path    string // module path
	Version string // exact version, fetched through the module proxy
}

// Modules are the pinned, concurrency-heavy modules of the check. Their
// suites pass natively on two cores in well under a minute with -short.
// The alias analysis's site fractions are measured on them too
// (internal/alias, BenchmarkModules). docs/differential.md lists the
// modules tried and left out, and why.
var Modules = []Module{
	{"golang.org/x/sync", "v0.24.0"},
	{"golang.org/x/time", "v0.14.0"},
	{"github.com/sourcegraph/conc", "v0.3.0"},
	{"go.uber.org/atomic", "v1.11.0"},
	{"github.com/patrickmn/go-cache", "v2.1.0+incompatible"},
	{"github.com/orcaman/concurrent-map/v2", "v2.0.1"},
	{"github.com/puzpuzpuz/xsync/v4", "v4.5.0"},
	{"github.com/alitto/pond", "v1.9.2"},
	{"go.uber.org/multierr", "v1.11.0"},
	{"github.com/hashicorp/go-multierror", "v1.1.1"},
	{"github.com/eapache/go-resiliency", "v1.7.0"},
	{"github.com/jonboulle/clockwork", "v0.5.0"},
	{"github.com/gammazero/workerpool", "v1.3.0"},
	{"github.com/oklog/run", "v1.2.0"},
	{"github.com/alphadose/haxmap", "v1.4.0"},
}
