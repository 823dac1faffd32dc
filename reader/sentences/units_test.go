package sentences

import "testing"

func TestInterval(t *testing.T) {
	tests := []struct{ sentence, want string }{
		{"Change the oil every 400 flight hours or 12 months, whichever comes first.", "every 400 flight hours or 12 months"},
		{"Inspect the filter once a year.", "once a year"},
		{"Each engine has 3 filters.", ""},
		{"Every operator must log the flight.", ""},
	}
	for _, tt := range tests {
		if got := interval(tt.sentence); got != tt.want {
			t.Errorf("interval(%q) = %q; want %q", tt.sentence, got, tt.want)
		}
	}
}
