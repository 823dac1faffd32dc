package prose

import (
	"docqa/reader/base"
	"strings"
	"testing"
)

const letterOpinion = "Page 1\nNot Reported in A.3d, 2012 WL 3860732 (Del.Super.)\nSuperior Court of Delaware.\nRe: Diane HANSON\nv.\nDELAWARE STATE PUBLIC INTEGRITY\nCOMMISSION.\nC.A. No. 11A-06-001(ESB).\nAug. 30, 2012.\nThis is my decision on Diane Hanson's appeal of the Commission's finding."

func TestCaption(t *testing.T) {
	if got, want := Caption(letterOpinion, base.DefaultParams()), "Re: Diane HANSON\nv.\nDELAWARE STATE PUBLIC INTEGRITY\nCOMMISSION."; got != want {
		t.Errorf("Caption = %q, want %q", got, want)
	}
	for _, page := range []string{"The oil must be changed.\nEvery 400 hours.", "v.\nSomeone", "The parties, Smith\nv.\n"} {
		if got := Caption(page, base.DefaultParams()); got != "" {
			t.Errorf("Caption(%q, DefaultParams()) = %q, want none", page, got)
		}
	}
}

// FuzzCaption: any page is read without panicking, and a caption found
// is a part of the page.
func FuzzCaption(f *testing.F) {
	f.Add(letterOpinion)
	f.Add("A\nv.\nB.\n")
	f.Fuzz(func(t *testing.T, page string) {
		if c := Caption(page, base.DefaultParams()); c != "" && !strings.Contains(page, c) {
			t.Fatalf("Caption(%q, DefaultParams()) = %q, not a part of the page", page, c)
		}
		_, _ = readParty(ask("Who is the defendant?"), []base.Source{{Doc: "f.pdf", Page: 1, Text: page}}, base.DefaultParams())
	})
}
