package answer

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ContractVersion is the version of the JSON decision contract the
// prompts describe. A reply naming another version is not trusted.
const ContractVersion = 1

// Decisions of the bounded context loop.
const (
	DecideAnswer         = "answer"
	DecideRequestContext = "request_context"
	DecideAbstain        = "abstain"
)

// Evidence types a decision may request, as prompts/decision.tmpl lists them.
const (
	EvidenceAdjacentPages   = "adjacent_pages"
	EvidenceMoreResults     = "more_results"
	EvidenceFullPage        = "full_page"
	EvidenceChatHistory     = "chat_history"
	EvidenceDocumentOutline = "document_outline"
	maxEvidenceTypes        = 2
)

// EvidenceTypes is the allowlist, in the order the prompt shows it.
var EvidenceTypes = []string{EvidenceAdjacentPages, EvidenceMoreResults, EvidenceFullPage, EvidenceChatHistory, EvidenceDocumentOutline}

// Errors of [ParseDecision].
var (
	ErrBadDecision     = errors.New("malformed decision")
	ErrContractVersion = errors.New("unsupported decision contract version")
)

// Decision is the model's choice in the bounded context loop.
type Decision struct {
	ContractVersion int      `json:"contract_version"`
	Decision        string   `json:"decision"`
	EvidenceTypes   []string `json:"evidence_types,omitempty"`
	Reason          string   `json:"reason,omitempty"`
}

// DecisionSchema is the JSON schema passed as Ollama's format, so the
// model can only produce a well-formed decision.
var DecisionSchema = json.RawMessage(`{"type":"object","properties":{` +
	`"contract_version":{"type":"integer","enum":[1]},` +
	`"decision":{"type":"string","enum":["answer","request_context","abstain"]},` +
	`"evidence_types":{"type":"array","maxItems":2,"items":{"type":"string","enum":["adjacent_pages","more_results","full_page","chat_history","document_outline"]}},` +
	`"reason":{"type":"string"}},"required":["contract_version","decision"]}`)

// ParseDecision reads a decision. It fails with [ErrContractVersion] when
// contract_version is missing or not [ContractVersion], and with
// [ErrBadDecision] when the JSON is malformed, the decision unknown, or a
// request names no evidence type, more than two, or one off the
// allowlist. Text around the JSON object (a model's preamble or code
// fence) is ignored.
func ParseDecision(text string) (Decision, error) {
	i, j := strings.IndexByte(text, '{'), strings.LastIndexByte(text, '}')
	if i < 0 || j < i {
		return Decision{}, fmt.Errorf("%w: no JSON object", ErrBadDecision)
	}
	var raw struct {
		ContractVersion json.RawMessage `json:"contract_version"`
		Decision
	}
	if err := json.Unmarshal([]byte(text[i:j+1]), &raw); err != nil {
		return Decision{}, fmt.Errorf("%w: %v", ErrBadDecision, err)
	}
	var v float64
	if len(raw.ContractVersion) == 0 || json.Unmarshal(raw.ContractVersion, &v) != nil || v != ContractVersion {
		got := string(raw.ContractVersion)
		if got == "" {
			got = "none"
		}
		return Decision{}, fmt.Errorf("%w %s", ErrContractVersion, got)
	}
	d := raw.Decision
	d.ContractVersion = ContractVersion
	switch d.Decision {
	case DecideAnswer, DecideAbstain:
	case DecideRequestContext:
		if len(d.EvidenceTypes) == 0 || len(d.EvidenceTypes) > maxEvidenceTypes {
			return Decision{}, fmt.Errorf("%w: %d evidence types requested, 1 or %d allowed", ErrBadDecision, len(d.EvidenceTypes), maxEvidenceTypes)
		}
		for _, t := range d.EvidenceTypes {
			if !slices.Contains(EvidenceTypes, t) {
				return Decision{}, fmt.Errorf("%w: evidence type %q is not allowed", ErrBadDecision, t)
			}
		}
	default:
		return Decision{}, fmt.Errorf("%w: unknown decision %q", ErrBadDecision, d.Decision)
	}
	return d, nil
}
