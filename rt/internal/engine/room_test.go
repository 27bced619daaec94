package engine

import "testing"

// roomProbe counts the end and restore hooks of testRoom.
var roomProbe struct{ ends, restores int }

// testRoom is a room registered by the tests, as a primitive's file
// registers its own.
var testRoom = newRoom(roomHooks[int, int]{
	end:     func(_ *execution, _ int, v *int) { roomProbe.ends += *v },
	restore: func(_ int, v *int) { roomProbe.restores += *v },
})

// TestRoomTableClearedAndRestored: a registered room's table belongs to
// one execution: its objects are checked (end) and given back (restore)
// when the execution ends, and the next execution starts without them.
func TestRoomTableClearedAndRestored(t *testing.T) {
	roomProbe.ends, roomProbe.restores = 0, 0
	e := New(newRandom(1, 2), Limits{}, nil)
	var seen []int
	for {
		_, ok := e.Run(func() {
			tab := testRoom.of(cur().x)
			if tab.lookup(7) != nil {
				seen = append(seen, *tab.lookup(7))
			}
			*tab.get(7) = 5
			*tab.get(8) = 1
		})
		if !ok {
			break
		}
	}
	if len(seen) != 0 {
		t.Errorf("an execution saw the previous one's object: %v", seen)
	}
	if roomProbe.ends != 12 || roomProbe.restores != 12 {
		t.Errorf("end hooks saw %d, restore hooks %d, want 12 each (two executions, two objects)", roomProbe.ends, roomProbe.restores)
	}
}
