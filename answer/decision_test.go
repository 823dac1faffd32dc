package answer

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseDecision(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Decision
		err  error
	}{
		{"request", `{"contract_version": 1, "decision": "request_context", "evidence_types": ["adjacent_pages"], "reason": "table continues"}`,
			Decision{1, DecideRequestContext, []string{"adjacent_pages"}, "table continues"}, nil},
		{"in a code fence", "Sure:\n```json\n{\"contract_version\":1,\"decision\":\"abstain\"}\n```", Decision{ContractVersion: 1, Decision: DecideAbstain}, nil},
		{"answer", `{"contract_version":1,"decision":"answer"}`, Decision{ContractVersion: 1, Decision: DecideAnswer}, nil},
		{"version 2", `{"contract_version":2,"decision":"answer"}`, Decision{}, ErrContractVersion},
		{"version as text", `{"contract_version":"1","decision":"answer"}`, Decision{}, ErrContractVersion},
		{"no version", `{"decision":"answer"}`, Decision{}, ErrContractVersion},
		{"unknown decision", `{"contract_version":1,"decision":"search_web"}`, Decision{}, ErrBadDecision},
		{"three types", `{"contract_version":1,"decision":"request_context","evidence_types":["adjacent_pages","more_results","full_page"]}`, Decision{}, ErrBadDecision},
		{"off the allowlist", `{"contract_version":1,"decision":"request_context","evidence_types":["whole_index"]}`, Decision{}, ErrBadDecision},
		{"request of nothing", `{"contract_version":1,"decision":"request_context"}`, Decision{}, ErrBadDecision},
		{"not JSON", `I think the answer is 4.`, Decision{}, ErrBadDecision},
		{"broken JSON", `{"contract_version":1,"decision":`, Decision{}, ErrBadDecision},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseDecision(tt.in)
			if !errors.Is(err, tt.err) || (tt.err == nil && err != nil) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseDecision (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzParseDecision: any text gives a valid decision or one of the two
// errors; a valid request names 1 or 2 allowed evidence types.
func FuzzParseDecision(f *testing.F) {
	f.Add(`{"contract_version":1,"decision":"request_context","evidence_types":["adjacent_pages"]}`)
	f.Add(`{"contract_version":1.0,"decision":"answer"}`)
	f.Add("x{}y")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDecision(s)
		if err != nil {
			if !errors.Is(err, ErrBadDecision) && !errors.Is(err, ErrContractVersion) {
				t.Fatalf("error %v", err)
			}
			return
		}
		if d.ContractVersion != ContractVersion {
			t.Fatalf("version %d accepted", d.ContractVersion)
		}
		if d.Decision == DecideRequestContext && (len(d.EvidenceTypes) < 1 || len(d.EvidenceTypes) > 2) {
			t.Fatalf("request of %d types accepted", len(d.EvidenceTypes))
		}
	})
}
