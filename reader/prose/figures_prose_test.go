package prose

import (
	"docqa/reader/sentences"
	"regexp"
	"testing"
)

// FuzzSentencePatterns: a sentence's leader, pointer, certification and
// announcement are read as their patterns alone read them.
func FuzzSentencePatterns(f *testing.F) {
	for _, s := range []string{"Introduction .... 4", "Contents . . . . 7", "Results……12", "Index ···· 3", "The results are summarized in Table 3.", "Figure 2 shows the loss.", "as follows (in millions):", "The following table presents revenue by segment", "I have reviewed this quarterly report", "Certifies, pursuant to section 906", "pursuant to 18 U.S.C. 1350", "In connection with the Quarterly Report on Form 10-Q", "this report does not contain any untrue statement", "Net sales rose 3%:", "ſection 302"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range []struct {
			name      string
			got, want bool
		}{
			{"leader", sentences.Leader(s), reLeader.MatchString(s)},
			{"pointer", pointer(s), rePointer.MatchString(s)},
			{"certification", certification(s), reCertification.MatchString(s)},
			{"announcing", sentences.Announcing(s), sentences.ReAnnounce.MatchString(s)},
		} {
			if c.got != c.want {
				t.Fatalf("%s(%q) = %v, its pattern says %v", c.name, s, c.got, c.want)
			}
		}
	})
}

// reLeader is the pattern [sentences.Leader] reads without.
var reLeader = regexp.MustCompile(`\.{4,}|(?:\. ){3,}\.|…{2,}|·{4,}`)
