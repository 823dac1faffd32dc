package answer

import "time"

// Event is one line of telemetry (--trace): a stage of the answer loop
// and its details.
type Event struct {
	Stage  string         `json:"stage"`
	At     time.Time      `json:"at"`
	Fields map[string]any `json:"fields,omitempty"`
}

// emit sends trace, when set, an event of the stage with its fields,
// stamped now.
func emit(trace func(Event), stage string, fields map[string]any) {
	if trace != nil {
		trace(Event{Stage: stage, At: time.Now(), Fields: fields})
	}
}
