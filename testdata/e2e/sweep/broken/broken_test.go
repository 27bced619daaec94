package broken

import "testing"

func TestN(t *testing.T) { _ = N }
