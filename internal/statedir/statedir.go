// Package statedir creates the directories where vtbound keeps tool state
// inside a user's module (.vtbound/ by default), and names the user cache
// directory where build products go instead.
//
// A state directory that vtbound creates holds a .gitignore that ignores
// everything in it, as pytest does for .pytest_cache: the state never
// shows in `git status` and needs no line in the module's own .gitignore.
// A directory that already exists is left as it is.
package statedir

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// GitignoreText is the content of the .gitignore of a state directory.
const GitignoreText = "# Created by vtbound automatically: tool state, never committed.\n*\n"

// Create makes dir and its parents. When dir did not exist it writes
// dir/.gitignore (GitignoreText).
func Create(dir string) error {
	if _, err := os.Stat(dir); err == nil {
		return nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(GitignoreText), 0o644); err != nil {
		return fmt.Errorf("state directory %s: %w", dir, err)
	}
	return nil
}

// CacheDir returns the directory, in the user cache directory
// (os.UserCacheDir, e.g. ~/.cache/vtbound), where build products for
// the state directory stateDir are kept, one directory per stateDir; it
// creates it. When there is no usable user cache directory it returns
// stateDir/cache, inside the ignored state directory.
//
// Each such directory names its state directory in a file (ownerFile);
// CacheDir removes the directories of kind whose state directory no
// longer exists (a deleted clone, a temporary module), so the user cache
// does not keep their products for ever.
func CacheDir(stateDir, kind string) (string, error) {
	abs, err := filepath.Abs(stateDir)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(abs))
	if base, err := os.UserCacheDir(); err == nil {
		parent := filepath.Join(base, "vtbound", kind)
		removeOrphans(parent)
		dir := filepath.Join(parent, filepath.Base(filepath.Dir(abs))+"-"+hex.EncodeToString(sum[:6]))
		if err := os.MkdirAll(dir, 0o755); err == nil {
			os.WriteFile(filepath.Join(dir, ownerFile), []byte(abs+"\n"), 0o644)
			return dir, nil
		}
	}
	dir := filepath.Join(abs, "cache")
	return dir, Create(dir)
}

// ownerFile, in a cache directory, holds the path of its state directory.
const ownerFile = "owner"

// removeOrphans removes the directories under parent whose owner file
// names a state directory that no longer exists.
func removeOrphans(parent string) {
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		dir := filepath.Join(parent, e.Name())
		owner, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if !e.IsDir() || err != nil {
			continue
		}
		if _, err := os.Stat(strings.TrimSpace(string(owner))); errors.Is(err, fs.ErrNotExist) {
			os.RemoveAll(dir)
		}
	}
}
