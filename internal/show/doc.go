// Package show renders a saved vtbound schedule without running anything:
// as text (the readable interleaving the test report prints, or every
// step) and as self-contained HTML with one lane per goroutine, the
// conflicting accesses highlighted and the replay command.
//
// The lane drawing (Lanes) is shared with the sweep report
// (internal/sweepreport), which draws each bug's interleaving the same way.
package show
