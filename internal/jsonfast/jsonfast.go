// Package jsonfast decodes the JSON files every docqa process reads when
// it opens an index: the manifest and the index statistics.
//
// They are read before anything else a question does, so their decoding
// is part of the time a question that matches nothing takes (issue 40's
// floor). encoding/json decodes the manifest of an index of 832 PDFs
// (343 KB) in 2.9 ms; json-iterator, in its mode compatible with the
// standard library (the same field tags, the same values, time.Time
// by its own UnmarshalJSON), in 1.0 ms (BenchmarkManifest). Files are
// written by encoding/json as before; only reading them changes.
package jsonfast

import jsoniter "github.com/json-iterator/go"

var api = jsoniter.ConfigCompatibleWithStandardLibrary

// Unmarshal decodes data into v as [encoding/json.Unmarshal] does.
func Unmarshal(data []byte, v any) error { return api.Unmarshal(data, v) }
