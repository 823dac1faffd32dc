package pgtest

import (
	"os"
	"strings"
	"testing"
)

// Start gives a primary and a replica on their own ports; Stop stops
// them and removes their folder (search/pgstore's tests read and write
// through them).
func TestStart(t *testing.T) {
	c := Start(t)
	if !strings.HasPrefix(c.URL, "postgres://docqa@127.0.0.1:") || c.ReplicaURL == c.URL || c.ReplicaURL == "" {
		t.Errorf("URLs %q, %q", c.URL, c.ReplicaURL)
	}
	for _, f := range []string{"primary/postmaster.pid", "replica/postmaster.pid", "replica/standby.signal"} {
		if _, err := os.Stat(c.Dir() + "/" + f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if data, err := os.ReadFile(c.PassFile); err != nil || strings.Contains(c.URL, c.Password) || !strings.Contains(string(data), c.Password) {
		t.Errorf("the password is in the URL or not in the pass file: %v", err)
	}
	c.Stop()
	if _, err := os.Stat(c.Dir()); !os.IsNotExist(err) {
		t.Errorf("the cluster's folder is left: %v", err)
	}
}
